import { createMiddleware } from 'hono/factory';
import type { Address } from 'viem';
import type { ChainRegistry, ServedChain } from '../chains/registry';
import { notFound } from './errors';
import { parseAddressParam } from './params';

/** What `chainInPath` puts on the context. */
export type ChainEnv = { Variables: { chain: ServedChain } };
/** What `safeInPath` puts on the context: the Safe's address checksummed, and its chain. */
export type SafeEnv = { Variables: { chain: ServedChain; safe: Address } };

/** The chain of `chainId`, or 404 when this gateway does not serve it. */
export function requireChain(chains: ChainRegistry, chainId: string): ServedChain {
  const chain = chains.get(chainId);
  if (!chain) throw notFound(`Chain ${chainId} is not served by this gateway`);
  return chain;
}

/** Resolves `:chainId` once for the route: `c.var.chain`. */
export function chainInPath(chains: ChainRegistry) {
  return createMiddleware<ChainEnv>(async (c, next) => {
    c.set('chain', requireChain(chains, c.req.param('chainId') ?? ''));
    await next();
  });
}

/**
 * Resolves `:chainId` and the Safe's address (`:safe`, or `param`) once for the route: `c.var.chain`
 * and `c.var.safe`. The address is checked first, as the gateway always has: a malformed address is
 * 422 whatever the chain.
 */
export function safeInPath(chains: ChainRegistry, param = 'safe') {
  return createMiddleware<SafeEnv>(async (c, next) => {
    c.set('safe', parseAddressParam(c.req.param(param) ?? '', param));
    c.set('chain', requireChain(chains, c.req.param('chainId') ?? ''));
    await next();
  });
}
