/**
 * Transaction ids as the gateway builds them: `multisig_<safe>_<safeTxHash>`, `module_<safe>_<id>`,
 * `transfer_<safe>_<id>`, `creation_<safe>`; a bare safeTxHash is accepted too.
 */
const hash32 = /^0x[0-9a-fA-F]{64}$/;

/** The safeTxHash a multisig transaction id carries (or the id itself when it is one). */
export function safeTxHashOfId(id: string): string | null {
  if (hash32.test(id)) return id;
  const [kind, , hash] = id.split('_');
  return kind === 'multisig' && hash !== undefined && hash32.test(hash) ? hash : null;
}

export const isCreationId = (id: string) => id.startsWith('creation_');

/**
 * The Safe a transaction id names: the address in `<kind>_<safe>_…` or `creation_<safe>`; undefined
 * for a bare safeTxHash, which names none.
 */
export function safeOfTxId(id: string): string | undefined {
  const address = id.split('_')[1];
  return address !== undefined && /^0x[0-9a-fA-F]{40}$/.test(address) ? address : undefined;
}
