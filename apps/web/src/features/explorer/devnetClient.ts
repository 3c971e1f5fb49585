import {
  createPublicClient,
  http,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type PublicClient,
} from 'viem';
import { toAddressState, toTransactionFacts, type AddressState, type TransactionFacts } from './rpcAnswers';

/**
 * A read-only client for the devnet. Batched: a page's reads go out as one request. Not retried: the
 * app's queries are not either, and the error with its Retry button is more useful than a wait.
 */
export function createDevnetClient(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { batch: true, retryCount: 0 }) });
}

type ReadClient = Pick<PublicClient, 'getBalance' | 'getTransactionCount' | 'getCode'>;

export async function readAddressState(client: ReadClient, address: Address): Promise<AddressState> {
  const [balance, nonce, code] = await Promise.all([
    client.getBalance({ address }),
    client.getTransactionCount({ address }),
    client.getCode({ address }),
  ]);
  return toAddressState({ balance, nonce, code });
}

type TransactionClient = Pick<PublicClient, 'getTransaction' | 'getTransactionReceipt'>;

/** The transaction and its outcome; null when the chain does not know the hash. */
export async function readTransaction(
  client: TransactionClient,
  hash: Hash,
): Promise<TransactionFacts | null> {
  const [transaction, receipt] = await Promise.all([
    client.getTransaction({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionNotFoundError) return null;
      throw error;
    }),
    // No receipt yet: the transaction is still pending.
    client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }),
  ]);
  if (transaction === null) return null;
  return toTransactionFacts(hash, transaction, receipt);
}
