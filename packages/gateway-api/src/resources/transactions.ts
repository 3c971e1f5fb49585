import { transactionDetailsSchema, transactionListPageSchema } from '../schemas/transactions';
import { path, type Query, type RequestOptions, type Transport } from '../http';
import { pass, type ChainParams, type CursorParams, type SafeParams } from './common';

export type GetHistoryParams = SafeParams &
  CursorParams & {
    /** An IANA time zone for the day labels (UTC by default). */
    timezone?: string;
    /** Hide transfers of untrusted tokens (the gateway's default: true). */
    trusted?: boolean;
    /** Show look-alike (address-poisoning) transfers, flagged (the gateway's default: true). */
    imitation?: boolean;
  };

export type GetQueueParams = SafeParams &
  CursorParams & {
    /** The gateway's default: true. */
    trusted?: boolean;
  };

/** Filters of `…/multisig-transactions/`; dates are ISO 8601. */
export type MultisigTransactionFilters = {
  executionDateGte?: string;
  executionDateLte?: string;
  to?: string;
  value?: string;
  nonce?: string | number;
  executed?: boolean;
};

/** Filters of `…/module-transactions/`. */
export type ModuleTransactionFilters = {
  to?: string;
  module?: string;
  transactionHash?: string;
};

/** Filters of `…/incoming-transfers/`; dates are ISO 8601. */
export type IncomingTransferFilters = {
  /** Hide transfers of untrusted tokens (the gateway's default: true). */
  trusted?: boolean;
  executionDateGte?: string;
  executionDateLte?: string;
  to?: string;
  value?: string;
  tokenAddress?: string;
};

/**
 * The list endpoints answer pages whose items are read one by one: an item the client cannot read is
 * `{type: 'UNREADABLE', raw, issues}` rather than a failed page (see schemas/lenient.ts).
 */
export function transactionsResource(t: Transport) {
  const safePath = (chainId: string, safeAddress: string, rest: string) =>
    path`/v1/chains/${chainId}/safes/${safeAddress}` + rest;
  const list = (url: string, query: Query, opts?: RequestOptions) =>
    t.request(url, transactionListPageSchema, { ...pass(opts), query });

  return {
    /** `GET …/transactions/history`: executed transactions, newest first, with day labels. */
    getHistory: (
      { chainId, safeAddress, cursor, timezone, trusted, imitation }: GetHistoryParams,
      opts?: RequestOptions,
    ) =>
      list(
        safePath(chainId, safeAddress, '/transactions/history'),
        { cursor, timezone, trusted, imitation },
        opts,
      ),
    /** `GET …/transactions/queued`: pending transactions by nonce, with labels and conflict headers. */
    getQueue: ({ chainId, safeAddress, cursor, trusted }: GetQueueParams, opts?: RequestOptions) =>
      list(safePath(chainId, safeAddress, '/transactions/queued'), { cursor, trusted }, opts),
    /** `GET /v1/chains/{chainId}/transactions/{id}`: by transaction id or safeTxHash. */
    getTransaction: ({ chainId, id }: ChainParams & { id: string }, opts?: RequestOptions) =>
      t.request(path`/v1/chains/${chainId}/transactions/${id}`, transactionDetailsSchema, pass(opts)),
    /** `GET …/multisig-transactions/`: the Safe's multisig transactions, highest nonce first. */
    getMultisigTransactions: (
      { chainId, safeAddress, cursor, ...filters }: SafeParams & CursorParams & MultisigTransactionFilters,
      opts?: RequestOptions,
    ) =>
      list(
        safePath(chainId, safeAddress, '/multisig-transactions/'),
        {
          cursor,
          execution_date__gte: filters.executionDateGte,
          execution_date__lte: filters.executionDateLte,
          to: filters.to,
          value: filters.value,
          nonce: filters.nonce,
          executed: filters.executed,
        },
        opts,
      ),
    /** `GET …/module-transactions/`: transactions modules executed through the Safe. */
    getModuleTransactions: (
      { chainId, safeAddress, cursor, ...filters }: SafeParams & CursorParams & ModuleTransactionFilters,
      opts?: RequestOptions,
    ) =>
      list(
        safePath(chainId, safeAddress, '/module-transactions/'),
        { cursor, to: filters.to, module: filters.module, transaction_hash: filters.transactionHash },
        opts,
      ),
    /** `GET …/incoming-transfers/`: native, ERC20 and ERC721 transfers to the Safe. */
    getIncomingTransfers: (
      { chainId, safeAddress, cursor, ...filters }: SafeParams & CursorParams & IncomingTransferFilters,
      opts?: RequestOptions,
    ) =>
      list(
        safePath(chainId, safeAddress, '/incoming-transfers/'),
        {
          cursor,
          trusted: filters.trusted,
          execution_date__gte: filters.executionDateGte,
          execution_date__lte: filters.executionDateLte,
          to: filters.to,
          value: filters.value,
          token_address: filters.tokenAddress,
        },
        opts,
      ),
  };
}
