import { getAddress, isAddress, isHex, type Address } from 'viem';
import { badRequest } from '../http/errors';

/** What a transaction id names: `multisig_<safe>_<safeTxHash>` (or a bare safeTxHash), `module_…`, `transfer_…`, `creation_…`. */
export type TransactionId =
  | { kind: 'module'; safe: Address; ref: string }
  | { kind: 'transfer'; safe: Address; ref: string }
  | { kind: 'creation' }
  | { kind: 'multisig'; safe: Address | undefined; safeTxHash: string };

export const invalidTxId = () => badRequest('Invalid transaction ID');

/** Reads a transaction id; 400 when it is none. */
export function parseTransactionId(id: string): TransactionId {
  const [kind, safePart, ref] = id.split('_');
  const safeOf = () => {
    if (!safePart || !ref || !isAddress(safePart, { strict: false })) throw invalidTxId();
    return getAddress(safePart);
  };
  if (kind === 'module' || kind === 'transfer') return { kind, safe: safeOf(), ref: ref ?? '' };
  if (kind === 'creation') return { kind };
  const safe = kind === 'multisig' ? safeOf() : undefined;
  const safeTxHash = (kind === 'multisig' ? (ref ?? '') : id).toLowerCase();
  if (!isHex(safeTxHash) || safeTxHash.length !== 66) throw invalidTxId();
  return { kind: 'multisig', safe, safeTxHash };
}
