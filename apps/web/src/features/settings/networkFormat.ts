import type { GasPrice, RpcUri } from '@countersign/gateway-api';
import { formatTokenAmount } from '../../ui';

/** What each RPC authentication kind means for this app. */
export const rpcAuthenticationTexts: Record<RpcUri['authentication'], { label: string; meaning: string }> = {
  API_KEY_PATH: {
    label: 'API key in the path',
    meaning:
      'An API key must be appended to the URL’s path. Countersign holds no key, so it reads this chain through the public RPC instead.',
  },
  NO_AUTHENTICATION: {
    label: 'No authentication',
    meaning: 'Used as it is: no key is needed.',
  },
  UNKNOWN: {
    label: 'Unknown',
    meaning:
      'The gateway names an authentication this app does not know; the URL is used as it is and may refuse requests.',
  },
};

/** `2 gwei (2000000000 wei)`: gas prices are wei strings; people read them in gwei. */
export function formatGwei(wei: string): string {
  if (!/^\d+$/.test(wei)) return `${wei} wei`;
  return `${formatTokenAmount(wei, 9, 9)} gwei (${wei} wei)`;
}

export type GasPriceRow = { kind: string; values: { label: string; value: string }[] };

/** One gas price source of the chain, as label–value pairs. */
export function describeGasPrice(gasPrice: GasPrice): GasPriceRow {
  switch (gasPrice.type) {
    case 'oracle':
      return {
        kind: 'Oracle',
        values: [
          { label: 'URL', value: gasPrice.uri },
          { label: 'Parameter', value: gasPrice.gasParameter },
          { label: 'Gwei factor', value: gasPrice.gweiFactor },
        ],
      };
    case 'fixed':
      return { kind: 'Fixed', values: [{ label: 'Gas price', value: formatGwei(gasPrice.weiValue) }] };
    case 'fixed1559':
      return {
        kind: 'Fixed (EIP-1559)',
        values: [
          { label: 'Max fee per gas', value: formatGwei(gasPrice.maxFeePerGas) },
          { label: 'Max priority fee per gas', value: formatGwei(gasPrice.maxPriorityFeePerGas) },
        ],
      };
    case 'unknown':
      return {
        kind: 'Unknown',
        values: [{ label: 'Note', value: 'A kind of gas price this app does not know.' }],
      };
  }
}
