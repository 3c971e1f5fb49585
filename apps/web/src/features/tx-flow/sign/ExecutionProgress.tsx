import { Alert } from '../../../ui';
import { chainExplorer } from '../../chains';
import type { ChainInfo } from '@countersign/gateway-api';
import type { ExecutionState } from './useExecution';

/** Where an execution is, in words: in the wallet, sent, mined, in the history. */
export function ExecutionProgress({ state, chain }: { state: ExecutionState; chain: ChainInfo }) {
  if (state.step === 'idle' || state.step === 'failed') return null;
  if (state.step === 'wallet') {
    return (
      <Alert tone="info" title="Confirm in your wallet" testId="execution-progress">
        Your wallet asks you to send the execution.
      </Alert>
    );
  }
  const link = chainExplorer(chain).tx(state.hash);
  const hash = link ? (
    <a href={link} target="_blank" rel="noreferrer noopener">
      {state.hash}
    </a>
  ) : (
    <code>{state.hash}</code>
  );
  if (state.step === 'pending') {
    return (
      <Alert tone="info" title="Executing…" testId="execution-progress">
        Sent as {hash}; waiting for it to be mined.
      </Alert>
    );
  }
  if (state.step === 'mined') {
    return (
      <Alert tone={state.success ? 'info' : 'danger'} title="Mined" testId="execution-progress">
        {hash} is in a block; waiting for the gateway to list it.
      </Alert>
    );
  }
  return (
    <Alert
      tone={state.success ? 'ok' : 'danger'}
      title={state.success ? 'Executed' : 'The execution failed'}
      testId="execution-progress"
    >
      {state.success
        ? 'The transaction is in the history.'
        : 'The Safe ran the transaction and it reverted: the nonce is used, nothing else changed.'}{' '}
      {hash}
      {!state.indexed && ' The gateway has not listed it yet; it will appear shortly.'}
    </Alert>
  );
}
