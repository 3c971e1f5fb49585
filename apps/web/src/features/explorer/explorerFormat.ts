import { formatGwei, formatUnits, getAddress, type Address, type Hex } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';

type NativeCurrency = Pick<ChainInfo['nativeCurrency'], 'symbol' | 'decimals'>;

/** Exact to the last wei, with a dot and no grouping: an explorer must not round, and locales disagree on separators. */
export function formatNativeAmount(wei: bigint, currency: NativeCurrency): string {
  return `${formatUnits(wei, currency.decimals)} ${currency.symbol}`;
}

/** Gas prices are quoted in gwei (10⁹ wei) on every EVM chain, whatever the native currency is called. */
export function formatGasPrice(weiPerGas: bigint): string {
  return `${formatGwei(weiPerGas)} gwei`;
}

export type CodeKind =
  | { kind: 'account' }
  | { kind: 'delegated-account'; delegate: Address }
  | { kind: 'contract'; sizeBytes: number };

/** EIP-7702: an account's code is this prefix and the 20-byte address it delegates to. */
const DELEGATION_PREFIX = '0xef0100';
const DELEGATION_LENGTH = DELEGATION_PREFIX.length + 40;

/** What eth_getCode's answer says the address is. */
export function codeKind(code: Hex | undefined): CodeKind {
  if (code === undefined || code === '0x') return { kind: 'account' };
  if (code.length === DELEGATION_LENGTH && code.toLowerCase().startsWith(DELEGATION_PREFIX)) {
    return { kind: 'delegated-account', delegate: getAddress(`0x${code.slice(DELEGATION_PREFIX.length)}`) };
  }
  return { kind: 'contract', sizeBytes: (code.length - 2) / 2 };
}

export function codeKindLabel(kind: CodeKind): string {
  switch (kind.kind) {
    case 'account':
      return 'Account (no code)';
    case 'delegated-account':
      return `Account delegating to ${kind.delegate} (EIP-7702)`;
    case 'contract':
      return `Contract (${kind.sizeBytes} ${kind.sizeBytes === 1 ? 'byte' : 'bytes'} of code)`;
  }
}
