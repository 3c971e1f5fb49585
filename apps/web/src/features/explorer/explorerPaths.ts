/** The explorer's pages, where the devnet's block explorer templates point. */
export function explorerAddressPath(address: string): string {
  return `/explorer/address/${encodeURIComponent(address)}`;
}
