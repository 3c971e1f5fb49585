import { Hono } from 'hono';
import type { MasterCopy } from '@countersign/gateway-api';
import { getAddress } from 'viem';
import { toChainInfo } from '../chains/chainInfo';
import type { ChainRegistry } from '../chains/registry';
import { publicOrigin, toPage } from '../http/paging';
import { cursorQuery } from '../http/query';
import { chainInPath } from '../http/resolve';
import { queryParams } from '../http/validate';

export function chainRoutes(chains: ChainRegistry) {
  return new Hono()
    .get('/v1/chains', queryParams(cursorQuery), (c) => {
      const { cursor: window } = c.req.valid('query');
      const all = chains.all();
      const items = all
        .slice(window.offset, window.offset + window.limit)
        .map((chain) => toChainInfo(chain.config, publicOrigin(c.req.raw)));
      return c.json(toPage(c.req.raw, window, items, all.length));
    })
    .get('/v1/chains/:chainId', chainInPath(chains), (c) =>
      c.json(toChainInfo(c.var.chain.config, publicOrigin(c.req.raw))),
    )
    .get('/v1/chains/:chainId/about/master-copies', chainInPath(chains), (c) => {
      const copies: MasterCopy[] = c.var.chain.config.masterCopies.map((copy) => ({
        address: getAddress(copy.address),
        version: copy.version,
      }));
      return c.json(copies);
    });
}
