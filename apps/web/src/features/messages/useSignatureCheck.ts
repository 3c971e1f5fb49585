import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChainInfo, SafeMessage } from '@countersign/gateway-api';
import type { Address, Hex } from 'viem';
import { rpcUrlOf } from '../chains';
import { safeKey } from '../safe';
import { computeMessageHashes } from './messageHashes';
import { combinedSignature } from './sign/combinedSignature';
import { checkSignatureOnChain, type OnChainCheck } from './sign/onChainCheck';

/**
 * One answer of the Safe per message and signature bytes: the same bytes get the same answer until
 * the Safe changes, and the Safe's messagesTag refreshes everything under the message's key.
 */
export const signatureCheckQueryOptions = (params: {
  chain: ChainInfo;
  safe: Address;
  messageHash: string;
  contentHash: Hex;
  signatures: Hex;
}) =>
  queryOptions({
    queryKey: safeKey(
      params.chain.chainId,
      params.safe,
      'message',
      params.messageHash.toLowerCase(),
      'signature-check',
      params.signatures.toLowerCase(),
    ),
    queryFn: () =>
      checkSignatureOnChain({
        rpcUrl: rpcUrlOf(params.chain),
        safe: params.safe,
        contentHash: params.contentHash,
        signatures: params.signatures,
      }),
    staleTime: Infinity,
    retry: false,
  });

export type SignatureCheckState =
  | { status: 'not-confirmed' }
  /** What to ask the Safe cannot be worked out here. */
  | { status: 'cannot-check'; reason: string }
  | { status: 'checking' }
  | { status: 'checked'; result: OnChainCheck; source: 'prepared' | 'combined'; signatures: Hex }
  | { status: 'error'; message: string; retry: () => void };

/**
 * Whether a message the gateway calls CONFIRMED is signed in the Safe's own eyes: the combined
 * signature (the gateway's preparedSignature, or the confirmations combined here) asked of the
 * Safe's isValidSignature on chain, for the message hash computed here. Nothing is asked of a
 * message that still needs confirmations.
 */
export function useSignatureCheck(
  message: SafeMessage,
  chain: ChainInfo,
  safe: Address,
): SignatureCheckState {
  const hashes = useMemo(
    () =>
      computeMessageHashes({
        chainId: Number(chain.chainId),
        safe,
        message: message.message,
        gatewayMessageHash: message.messageHash,
      }),
    [chain.chainId, safe, message.message, message.messageHash],
  );
  const combined = useMemo(
    () => combinedSignature(message),
    // Only these two fields decide the bytes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [message.preparedSignature, message.confirmations],
  );
  const confirmed = message.status === 'CONFIRMED';
  const ready = confirmed && hashes.ok && hashes.matchesGateway === true && combined.ok;
  const query = useQuery({
    ...signatureCheckQueryOptions({
      chain,
      safe,
      messageHash: message.messageHash,
      contentHash: hashes.ok ? hashes.contentHash : '0x',
      signatures: combined.ok ? combined.value.signatures : '0x',
    }),
    enabled: ready,
  });
  if (!confirmed) return { status: 'not-confirmed' };
  if (!hashes.ok)
    return { status: 'cannot-check', reason: `The message hash cannot be computed here: ${hashes.reason}` };
  if (hashes.matchesGateway !== true) {
    return {
      status: 'cannot-check',
      reason:
        'The SafeMessage hash computed here differs from the gateway’s, so what the owners signed is not known here.',
    };
  }
  if (!combined.ok) return { status: 'cannot-check', reason: combined.error };
  if (query.isError) {
    return {
      status: 'error',
      message: query.error instanceof Error ? query.error.message : String(query.error),
      retry: () => void query.refetch(),
    };
  }
  if (query.data === undefined) return { status: 'checking' };
  return {
    status: 'checked',
    result: query.data,
    source: combined.value.source,
    signatures: combined.value.signatures,
  };
}
