import { getBalance } from 'viem/actions';
import type { Address } from 'viem';
import type { Balances, ChainInfo } from '@countersign/gateway-api';
import { chainClient } from '../../lib/chainReader';

/**
 * The Safe's balances as the chain alone can tell them, for a page the gateway does not serve: the
 * coin, read from the node; no token list and no prices (unknown, never zero).
 */
export async function readChainBalances(chain: ChainInfo, address: Address): Promise<Balances> {
  const balance = await getBalance(chainClient(chain), { address });
  const { name, symbol, decimals, logoUri } = chain.nativeCurrency;
  return {
    fiatTotal: '0',
    items: [
      {
        tokenInfo: {
          type: 'NATIVE_TOKEN',
          address: '0x0000000000000000000000000000000000000000',
          decimals,
          symbol,
          name,
          logoUri,
        },
        balance: balance.toString(),
        fiatBalance: null,
        fiatConversion: null,
        fiatBalance24hChange: null,
      },
    ],
  };
}
