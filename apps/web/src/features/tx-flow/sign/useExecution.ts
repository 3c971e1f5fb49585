import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Hex } from 'viem';
import type { SafeTx } from '@countersign/safe-core';
import { useGateway } from '../../../lib/ServicesProvider';
import { invalidateSafe, safeKey } from '../../safe';
import { useSignerService, type WriteError } from '../../wallet';
import { executeSafeTx, followExecution, type FlowSafe } from './safeTxFlow';
import type { Confirmation } from './safeTxSignatures';

/** Where an execution stands, for the progress shown to the owner. */
export type ExecutionState =
  | { step: 'idle' }
  | { step: 'wallet' }
  | { step: 'pending'; hash: Hex }
  | { step: 'mined'; hash: Hex; success: boolean }
  | { step: 'done'; hash: Hex; success: boolean; indexed: boolean }
  | { step: 'failed'; error: WriteError };

export type ExecutionRequest = {
  tx: SafeTx;
  txId: string;
  confirmations: readonly Confirmation[];
  owners: readonly string[];
  threshold: number;
  description: string;
};

/**
 * Executes a Safe transaction and follows it: the wallet sends it, the chain mines it, the gateway
 * indexes it; then every view of the Safe refetches at once, so the transaction leaves the queue and
 * shows in the history without waiting for the next SafeInfo poll.
 */
export function useExecution(safe: FlowSafe, onDone?: (result: { txId: string; success: boolean }) => void) {
  const queryClient = useQueryClient();
  const gateway = useGateway();
  const signer = useSignerService();
  const [state, setState] = useState<ExecutionState>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const execute = useCallback(
    async (request: ExecutionRequest) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState({ step: 'wallet' });
      const sent = await executeSafeTx({ signer, safe, ...request });
      if (!sent.ok) {
        setState({ step: 'failed', error: sent.error });
        return;
      }
      const { hash } = sent.value;
      setState({ step: 'pending', hash });
      const followed = await followExecution({
        gateway,
        signer,
        safe,
        hash,
        txId: request.txId,
        signal: controller.signal,
        onMined: (receipt) => setState({ step: 'mined', hash, success: receipt.status === 'success' }),
      });
      if (!followed.ok) {
        setState({ step: 'failed', error: followed.error });
        return;
      }
      const { receipt, details, gatewayDown } = followed.value;
      if (details)
        queryClient.setQueryData(
          safeKey(safe.chain.chainId, safe.address, 'transaction', request.txId),
          details,
        );
      // Without a gateway its views cannot move: the chain's are read again behind the result.
      const refreshed = invalidateSafe(queryClient, safe.chain.chainId, safe.address);
      if (!gatewayDown) await refreshed;
      const success = receipt.status === 'success' && details?.txStatus !== 'FAILED';
      setState({ step: 'done', hash, success, indexed: details !== undefined });
      onDone?.({ txId: request.txId, success });
    },
    [safe, queryClient, gateway, signer, onDone],
  );

  return {
    state,
    execute,
    busy: state.step === 'wallet' || state.step === 'pending' || state.step === 'mined',
  };
}
