import type { TransactionSummary } from '@countersign/gateway-api';
import type { Address } from 'viem';
import { logoUrls, type LogoUrls } from '../../assets/icons';
import type { SafeAppCatalogue } from '../../safeApps';
import type { Queryable } from '../../store';
import { loadTokens, type Token } from '../../assets/store';

/** What the summaries need to know of the Safe now: its nonce, threshold and owners. */
export type SafeNow = { nonce: number; threshold: number; owners: Address[] };

type SafeAppInfo = TransactionSummary['safeAppInfo'];

/**
 * What summaries show beyond their records: the tokens they name and where their logos are, the app a
 * proposal came from.
 */
export type SummaryContext = {
  tokens: ReadonlyMap<Address, Token>;
  logos: LogoUrls;
  safeAppOf: (origin: string | null) => SafeAppInfo;
};

/**
 * The context for summaries of one page: only the tokens its records may name (a call's target, a
 * transfer's token), read in one query. `publicOrigin` is the gateway's, for generated token icons.
 */
export async function summaryContext(
  db: Queryable,
  chainId: string,
  safeApps: SafeAppCatalogue,
  tokenAddresses: Iterable<Address>,
  publicOrigin: string,
): Promise<SummaryContext> {
  return {
    tokens: await loadTokens(db, chainId, tokenAddresses),
    logos: logoUrls(publicOrigin, chainId),
    safeAppOf: (origin) => safeApps.appOfOrigin(chainId, origin),
  };
}
