/**
 * Countersign's URLs for a Safe: `/{shortName}:{address}/{view}`, e.g. /eth:0xA063…/transactions/queue.
 * Free of viem so the shell and the navigation can use them from the entry chunk.
 */
export function splitSafeId(value: string): { shortName: string | undefined; addressPart: string } {
  const colon = value.indexOf(':');
  if (colon === -1) return { shortName: undefined, addressPart: value };
  return { shortName: value.slice(0, colon), addressPart: value.slice(colon + 1) };
}

export function formatSafeId(shortName: string, address: string): string {
  return `${shortName}:${address}`;
}

/** The settings sections, each at /{safe}/settings/{section} ("setup" is /{safe}/settings). */
export const settingsSections = [
  'setup',
  'modules',
  'security',
  'network',
  'delegates',
  'notifications',
  'apps',
  'data',
] as const;
export type SettingsSection = (typeof settingsSections)[number];

/** The kinds of new transaction, each a form at /{safe}/new-transaction/{kind}. */
export const newTransactionKinds = [
  'send',
  'payouts',
  'nft',
  'contract',
  'batch',
  'add-owner',
  'remove-owner',
  'swap-owner',
  'threshold',
  'enable-module',
  'disable-module',
  'set-guard',
  'remove-guard',
  'set-module-guard',
  'remove-module-guard',
  'fallback-handler',
  'upgrade',
  'nested-safe',
] as const;
export type NewTransactionKind = (typeof newTransactionKinds)[number];

/** Every view of one Safe, by URL. */
export function safePaths(shortName: string, address: string) {
  const base = `/${encodeURIComponent(shortName)}:${encodeURIComponent(address)}`;
  return {
    base,
    home: `${base}/home`,
    assets: `${base}/assets`,
    collectibles: `${base}/assets/collectibles`,
    transactions: `${base}/transactions`,
    queue: `${base}/transactions/queue`,
    history: `${base}/transactions/history`,
    transaction: (id: string) => `${base}/transactions/${encodeURIComponent(id)}`,
    messages: `${base}/messages`,
    message: (messageHash: string) => `${base}/messages/${encodeURIComponent(messageHash)}`,
    apps: `${base}/apps`,
    openApp: (appUrl: string) => `${base}/apps/open?appUrl=${encodeURIComponent(appUrl)}`,
    addressBook: `${base}/address-book`,
    /** The address book's dialog for one address (a new entry, or the one it has), at its ABI. */
    addressBookAbi: (address: string) => `${base}/address-book?abi=${encodeURIComponent(address)}`,
    settings: (section: SettingsSection = 'setup') =>
      section === 'setup' ? `${base}/settings` : `${base}/settings/${section}`,
    newTransaction: `${base}/new-transaction`,
    /** A new transaction of one kind, with the form's starting values (e.g. { token: '0x…' }). */
    newTransactionOf: (kind: NewTransactionKind, query: Record<string, string> = {}) => {
      const search = new URLSearchParams(query).toString();
      return `${base}/new-transaction/${kind}${search ? `?${search}` : ''}`;
    },
    /** The on-chain rejection of what is queued at `nonce`: an empty transaction to the Safe at that nonce. */
    rejectTransaction: (nonce: number) => `${base}/new-transaction/reject?nonce=${nonce}`,
    newMessage: `${base}/new-message`,
    /** A transaction handed over by link or file; the link's fragment (`#tx=…`) holds it. */
    shared: (fragment = '') => `${base}/shared${fragment ? `#${fragment}` : ''}`,
    sharedMessage: (fragment = '') => `${base}/messages/shared${fragment ? `#${fragment}` : ''}`,
  };
}
export type SafePaths = ReturnType<typeof safePaths>;

export function safeHomePath(shortName: string, address: string): string {
  return safePaths(shortName, address).home;
}
