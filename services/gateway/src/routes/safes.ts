import { Hono } from 'hono';
import type { ChainRegistry } from '../chains/registry';
import { notFound, serviceUnavailable } from '../http/errors';
import { parseAddressParam } from '../http/params';
import { readSafe } from '../safes/readSafe';
import { toSafeInfo } from '../safes/safeInfo';
import { requireChain } from './chains';

export function safeRoutes(chains: ChainRegistry) {
  return new Hono().get('/v1/chains/:chainId/safes/:address', async (c) => {
    const address = parseAddressParam(c.req.param('address'), 'address');
    const chain = requireChain(chains, c.req.param('chainId'));
    let state;
    try {
      state = await readSafe(chain.client, address);
    } catch (error) {
      console.error(`gateway: chain ${chain.config.chainId} did not answer`, error);
      throw serviceUnavailable();
    }
    if (!state) throw notFound(`No Safe found at ${address} on chain ${chain.config.chainId}`);
    return c.json(toSafeInfo(state, chain.config));
  });
}
