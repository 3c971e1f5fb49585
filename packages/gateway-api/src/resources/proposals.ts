import * as z from 'zod/mini';
import {
  estimationSchema,
  safeNoncesSchema,
  type EstimationBody,
  type ProposeTransactionBody,
} from '../schemas/proposals';
import { transactionDetailsSchema, transactionSummarySchema } from '../schemas/transactions';
import { path, type RequestOptions, type Transport } from '../http';
import { pass, type ChainParams, type SafeParams } from './common';

export function proposalsResource(t: Transport) {
  return {
    /** `GET /v1/chains/{chainId}/safes/{safeAddress}/nonces`: the Safe's nonce and the next one to propose at. */
    getNonces: ({ chainId, safeAddress }: SafeParams, opts?: RequestOptions) =>
      t.request(path`/v1/chains/${chainId}/safes/${safeAddress}/nonces`, safeNoncesSchema, pass(opts)),
    /** `POST /v2/chains/{chainId}/safes/{safeAddress}/multisig-transactions/estimations`: the safeTxGas to sign. */
    estimateSafeTxGas: (
      { chainId, safeAddress, body }: SafeParams & { body: EstimationBody },
      opts?: RequestOptions,
    ) =>
      t.request(
        path`/v2/chains/${chainId}/safes/${safeAddress}/multisig-transactions/estimations`,
        estimationSchema,
        { ...pass(opts), method: 'POST', body },
      ),
    /** `POST /v1/chains/{chainId}/transactions/{safeAddress}/propose`: answers the stored transaction's details. */
    proposeTransaction: (
      { chainId, safeAddress, body }: SafeParams & { body: ProposeTransactionBody },
      opts?: RequestOptions,
    ) =>
      t.request(path`/v1/chains/${chainId}/transactions/${safeAddress}/propose`, transactionDetailsSchema, {
        ...pass(opts),
        method: 'POST',
        body,
      }),
    /**
     * `POST /v1/chains/{chainId}/transactions/{safeTxHash}/confirmations`: adds an owner's signature to a
     * queued transaction; answers it as a list item (its summary), as the Client Gateway does.
     */
    addConfirmation: (
      { chainId, safeTxHash, signature }: ChainParams & { safeTxHash: string; signature: string },
      opts?: RequestOptions,
    ) =>
      t.request(
        path`/v1/chains/${chainId}/transactions/${safeTxHash}/confirmations`,
        transactionSummarySchema,
        {
          ...pass(opts),
          method: 'POST',
          body: { signature },
        },
      ),
    /**
     * `DELETE /v1/chains/{chainId}/transactions/{safeTxHash}`: takes back a queued proposal, signed by
     * its proposer (EIP-712 DeleteRequest). Answers with no body.
     */
    deleteTransaction: async (
      { chainId, safeTxHash, signature }: ChainParams & { safeTxHash: string; signature: string },
      opts?: RequestOptions,
    ): Promise<void> => {
      await t.request(path`/v1/chains/${chainId}/transactions/${safeTxHash}`, z.unknown(), {
        ...pass(opts),
        method: 'DELETE',
        body: { signature },
      });
    },
  };
}
