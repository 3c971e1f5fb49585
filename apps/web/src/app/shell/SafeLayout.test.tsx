import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GatewayError, type SafeInfo } from '@countersign/gateway-api';
import { devnetChain, fakeGateway, renderRoutes, teamSafe, teamSafeAddress } from '../../testing';
import { HomeIcon } from '../../ui';
import { useSafe } from '../../features/safe';
import { SafeLayout } from './SafeLayout';

const gateway = {
  baseUrl: 'http://127.0.0.1:9',
  getChains: vi.fn(),
  getChain: vi.fn(),
  getPage: vi.fn(),
  getSafeInfo: vi.fn(),
};

const notFound = () => new GatewayError('404: Not found', 404, { code: 404, message: 'Not found' });

function Page() {
  const { safe, chain, address } = useSafe();
  return (
    <p data-testid="page">
      {chain.shortName} {address} nonce {safe.nonce}
    </p>
  );
}

function open(path: string) {
  return renderRoutes(
    [
      {
        path: '/:safeId',
        element: (
          <SafeLayout navigation={[{ id: 'home', label: 'Home', icon: HomeIcon, to: (p) => p.home }]} />
        ),
        children: [{ path: '*', element: <Page /> }],
      },
    ],
    path,
    { gateway: fakeGateway(gateway) },
  );
}

beforeEach(() => {
  vi.resetAllMocks();
  gateway.getChains.mockResolvedValue({ next: null, previous: null, results: [devnetChain] });
  gateway.getChain.mockResolvedValue(devnetChain);
  gateway.getSafeInfo.mockResolvedValue(teamSafe);
});

describe('Safe layout route', () => {
  it('resolves the chain, loads SafeInfo once and gives it to the page', async () => {
    open(`/local:${teamSafeAddress}/home`);
    expect(await screen.findByTestId('page')).toHaveTextContent(`local ${teamSafeAddress} nonce 8`);
    expect(gateway.getSafeInfo).toHaveBeenCalledTimes(1);
    expect(gateway.getSafeInfo.mock.calls[0]![0]).toEqual({ chainId: '1337', safeAddress: teamSafeAddress });
  });

  it('moves to the canonical URL (checksummed address, the gateway’s short name), keeping the view', async () => {
    const { router } = open(`/LOCAL:${teamSafeAddress.toLowerCase()}/transactions/queue?x=1`);
    await screen.findByTestId('page');
    expect(router.state.location.pathname).toBe(`/local:${teamSafeAddress}/transactions/queue`);
    expect(router.state.location.search).toBe('?x=1');
  });

  it('says an address is invalid', async () => {
    open('/local:0xnot-an-address/home');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '"local:0xnot-an-address" is not a valid address',
    );
  });

  it('says a short name is unknown, listing the known ones', async () => {
    open(`/nochain:${teamSafeAddress}/home`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unknown chain short name "nochain". Known short names: local.',
    );
  });

  it('says the gateway knows no Safe at the address', async () => {
    gateway.getSafeInfo.mockRejectedValue(notFound());
    open(`/local:${teamSafeAddress}/home`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `No Safe found at ${teamSafeAddress} on Countersign Devnet.`,
    );
  });

  it('polls SafeInfo every 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      open(`/local:${teamSafeAddress}/home`);
      await screen.findByTestId('page');
      gateway.getSafeInfo.mockResolvedValue({ ...teamSafe, nonce: 9 } satisfies SafeInfo);
      // The clock also moves with real time: on a busy machine a poll may already have come (with
      // nonce 8) while the page rendered. Counted from here, 4.1 s hold exactly one more.
      const before = gateway.getSafeInfo.mock.calls.length;
      await vi.advanceTimersByTimeAsync(4_100);
      expect(gateway.getSafeInfo).toHaveBeenCalledTimes(before + 1);
      await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent('nonce 9'));
    } finally {
      vi.useRealTimers();
    }
  });
});
