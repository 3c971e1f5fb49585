import { hashDomain, hashStruct, keccak256, type Address, type Hex, type TypedDataParameter } from 'viem';
import { safeTxTypes, type SafeTx } from './safeTx';

/**
 * The three hashes a hardware wallet shows when it signs a SafeTx (EIP-712): the domain separator,
 * the hash of the SafeTx struct, and the safeTxHash = keccak256(0x1901 ‖ domain ‖ message). Showing
 * them lets an owner check, on the device, that what they sign is what the screen shows.
 *
 * Safes before 1.3.0 sign over a domain without the chain id.
 */
export type SafeTxHashes = { domainHash: Hex; messageHash: Hex; safeTxHash: Hex };

export function safeDomain(params: { chainId: number; safe: Address; version?: string | null }) {
  return versionAtLeast(params.version, '1.3.0')
    ? ({ chainId: params.chainId, verifyingContract: params.safe } as const)
    : ({ verifyingContract: params.safe } as const);
}

export function safeTxHashes(params: {
  chainId: number;
  safe: Address;
  tx: SafeTx;
  version?: string | null;
}): SafeTxHashes {
  const domain = safeDomain(params);
  const domainHash = hashDomain({
    domain,
    types: { EIP712Domain: domainFields(domain) },
  } as Parameters<typeof hashDomain>[0]);
  const messageHash = hashStruct({ data: params.tx, primaryType: 'SafeTx', types: safeTxTypes });
  const safeTxHash = joinTypedDataHash(domainHash, messageHash);
  return { domainHash, messageHash, safeTxHash };
}

function domainFields(domain: { chainId?: number; verifyingContract: Address }): TypedDataParameter[] {
  return [
    ...(domain.chainId === undefined ? [] : [{ name: 'chainId', type: 'uint256' }]),
    { name: 'verifyingContract', type: 'address' },
  ];
}

/** keccak256(0x19 0x01 ‖ domainSeparator ‖ structHash): the digest an EIP-712 signature covers. */
export function joinTypedDataHash(domainHash: Hex, messageHash: Hex): Hex {
  return keccak256(`0x1901${domainHash.slice(2)}${messageHash.slice(2)}`);
}

/** Whether `version` (e.g. "1.4.1", "1.3.0+L2") is at least `minimum`; an unknown version counts as current. */
export function versionAtLeast(version: string | null | undefined, minimum: string): boolean {
  if (!version) return true;
  const parse = (value: string) => (value.split(/[+-]/)[0] ?? '').split('.').map((part) => Number(part) || 0);
  const [a, b] = [parse(version), parse(minimum)];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}
