import { parseTransactionId as readTransactionId } from '@countersign/gateway-api';
import { getAddress, type Address } from 'viem';
import { badRequest } from '../http/errors';

/** What a transaction id names (the format is gateway-api's), with the Safe checksummed and the hash in lower case. */
export type TransactionId =
  | { kind: 'module'; safe: Address; ref: string }
  | { kind: 'transfer'; safe: Address; ref: string }
  | { kind: 'creation' }
  | { kind: 'multisig'; safe: Address | undefined; safeTxHash: string };

export const invalidTxId = () => badRequest('Invalid transaction ID');

/** Reads a transaction id; 400 when it is none. */
export function parseTransactionId(id: string): TransactionId {
  const parsed = readTransactionId(id);
  if (parsed === undefined) throw invalidTxId();
  switch (parsed.kind) {
    case 'creation':
      return { kind: 'creation' };
    case 'multisig':
      return {
        kind: 'multisig',
        safe: parsed.safe === undefined ? undefined : getAddress(parsed.safe),
        safeTxHash: parsed.safeTxHash.toLowerCase(),
      };
    default:
      return { kind: parsed.kind, safe: getAddress(parsed.safe), ref: parsed.ref };
  }
}
