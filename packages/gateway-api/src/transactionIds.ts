/**
 * Transaction ids as the gateway writes them and the web reads them (the Client Gateway's format):
 * `multisig_<safe>_<safeTxHash>`, `module_<safe>_<id>`, `transfer_<safe>_<id>` and
 * `creation_<safe>`. A bare safeTxHash names a multisig transaction too.
 */
const HASH32 = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export type TransactionId =
  /** `safe` is undefined for a bare safeTxHash, which names none. */
  | { kind: 'multisig'; safe: string | undefined; safeTxHash: string }
  | { kind: 'module' | 'transfer'; safe: string; ref: string }
  | { kind: 'creation'; safe: string };

export const multisigTxId = (safe: string, safeTxHash: string) => `multisig_${safe}_${safeTxHash}`;
export const moduleTxId = (safe: string, ref: string) => `module_${safe}_${ref}`;
export const transferTxId = (safe: string, ref: string) => `transfer_${safe}_${ref}`;
export const creationTxId = (safe: string) => `creation_${safe}`;

/** What an id names, its parts as written (any letter case); undefined when it is none of the forms. */
export function parseTransactionId(id: string): TransactionId | undefined {
  if (HASH32.test(id)) return { kind: 'multisig', safe: undefined, safeTxHash: id };
  const [kind, safe, ref] = id.split('_');
  if (safe === undefined || !ADDRESS.test(safe)) return undefined;
  switch (kind) {
    case 'multisig':
      return ref !== undefined && HASH32.test(ref) ? { kind, safe, safeTxHash: ref } : undefined;
    case 'module':
    case 'transfer':
      return ref ? { kind, safe, ref } : undefined;
    case 'creation':
      return { kind, safe };
    default:
      return undefined;
  }
}

/**
 * The Safe an id names (`<kind>_<safe>…`), whatever its kind, so that an id of a kind this code does
 * not know still cannot pass for another Safe's; undefined for a bare safeTxHash.
 */
export function safeOfTransactionId(id: string): string | undefined {
  const safe = id.split('_')[1];
  return safe !== undefined && ADDRESS.test(safe) ? safe : undefined;
}

/** The safeTxHash a multisig transaction's id carries (or the id itself when it is one). */
export function safeTxHashOfId(id: string): string | undefined {
  const parsed = parseTransactionId(id);
  return parsed?.kind === 'multisig' ? parsed.safeTxHash : undefined;
}
