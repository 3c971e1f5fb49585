import { vi } from 'vitest';
import type { RouteObject } from 'react-router';
import type { GatewayClient } from '@countersign/gateway-api';
import { devnetChain, fakeGateway, fakeSigner, teamSafe, renderRoutes } from '../../testing';
import type { SignerService } from '../wallet';
import { HomeIcon } from '../../ui';
import { createSafeRoute } from '../../app/shell/safeRoutes';

/** The gateway client as component tests of the messages views script it. */
export function mockGateway() {
  return {
    baseUrl: 'http://127.0.0.1:9',
    getChains: vi.fn().mockResolvedValue({ next: null, previous: null, results: [devnetChain] }),
    getChain: vi.fn().mockResolvedValue(devnetChain),
    getSafeInfo: vi.fn().mockResolvedValue(teamSafe),
    getMessages: vi.fn(),
    getMessage: vi.fn(),
  };
}

/** Renders `views` inside the real Safe layout route at `path`, over this gateway's answers, with this signer. */
export function openSafePage(
  views: RouteObject[],
  path: string,
  gateway: Partial<GatewayClient>,
  signer: SignerService = fakeSigner(),
) {
  return renderRoutes(
    [createSafeRoute(views, [{ id: 'home', label: 'Home', icon: HomeIcon, to: (p) => p.home }])],
    path,
    { gateway: fakeGateway(gateway), signer },
  );
}
