import { Hono } from 'hono';
import type { MasterCopy } from '@countersign/gateway-api';
import { getAddress } from 'viem';
import { toChainInfo } from '../chains/chainInfo';
import type { ChainRegistry, ServedChain } from '../chains/registry';
import { notFound } from '../http/errors';
import { parseCursor, publicOrigin, toPage } from '../http/paging';

export function requireChain(chains: ChainRegistry, chainId: string): ServedChain {
  const chain = chains.get(chainId);
  if (!chain) throw notFound(`Chain ${chainId} is not served by this gateway`);
  return chain;
}

export function chainRoutes(chains: ChainRegistry) {
  return new Hono()
    .get('/v1/chains', (c) => {
      const window = parseCursor(c.req.query('cursor'));
      const all = chains.all();
      const items = all
        .slice(window.offset, window.offset + window.limit)
        .map((chain) => toChainInfo(chain.config, publicOrigin(c.req.raw)));
      return c.json(toPage(c.req.raw, window, items, all.length));
    })
    .get('/v1/chains/:chainId', (c) => {
      const chain = requireChain(chains, c.req.param('chainId'));
      return c.json(toChainInfo(chain.config, publicOrigin(c.req.raw)));
    })
    .get('/v1/chains/:chainId/about/master-copies', (c) => {
      const chain = requireChain(chains, c.req.param('chainId'));
      const copies: MasterCopy[] = chain.config.masterCopies.map((copy) => ({
        address: getAddress(copy.address),
        version: copy.version,
      }));
      return c.json(copies);
    });
}
