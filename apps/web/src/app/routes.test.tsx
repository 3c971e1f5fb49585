import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { legacyLinkPaths } from './shell/legacyLinks';
import { legacyRoutes } from './shell/safeRoutes';
import { routes } from './routes';

describe('the route table', () => {
  it.each(legacyLinkPaths)('sends the Safe{Wallet} link %s to the redirect, never to a Safe page', (path) => {
    const matched = matchRoutes(routes, path)?.at(-1)?.route;
    expect(legacyRoutes).toContain(matched);
  });

  it('opens a Safe page for a Safe id', () => {
    const matched = matchRoutes(routes, '/eth:0x0000000000000000000000000000000000000001/messages');
    expect(matched?.map((match) => match.route.path)).toContain(':safeId');
  });
});
