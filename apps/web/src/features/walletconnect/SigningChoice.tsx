import { useId } from 'react';
import { Alert } from '../../ui';
import { RadioChoices } from '../../ui/RadioChoices';
import type { SigningMode } from './onChainSignature';
import styles from './SigningChoice.module.css';

const labels: Record<SigningMode, string> = {
  offchain: 'Sign off-chain (the owners sign a message; nothing on chain)',
  onchain:
    'Sign on chain (a Safe transaction through SignMessageLib; it costs gas and needs the owners’ confirmations and an execution)',
};

/** The owner's choice, before signing a dapp's message, of how the Safe signs it. */
export function SigningChoice({
  mode,
  onChange,
  dappName,
}: {
  mode: SigningMode;
  onChange: (mode: SigningMode) => void;
  /** The dapp's own name: text, never markup. */
  dappName: string;
}) {
  const name = useId();
  return (
    <div className={styles.choice}>
      <RadioChoices
        legend="How the Safe signs"
        layout="stack"
        choices={(['offchain', 'onchain'] as const).map((option) => ({
          value: option,
          label: labels[option],
          testId: `dapp-sign-${option}`,
        }))}
        inputProps={(option) => ({ name, checked: mode === option, onChange: () => onChange(option) })}
      />
      {mode === 'onchain' && (
        <Alert tone="info" role="note" testId="dapp-sign-onchain-note">
          {dappName} gets its answer once the transaction is executed, not when you sign it: Countersign
          watches the Safe while it is open here, and answers {dappName} then.
        </Alert>
      )}
    </div>
  );
}
