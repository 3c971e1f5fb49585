import { useState, type ComponentProps } from 'react';
import { SignatureRequestDialog } from '../apps';
import type { SigningMode } from './onChainSignature';
import { SigningChoice } from './SigningChoice';

/**
 * A dapp's message in the Safe message flow, with the owner's choice of signing it off-chain (the
 * default) or on chain; choosing on chain hands over to `onSignOnChain` (the transaction review).
 */
export function DappMessageDialog({
  onSignOnChain,
  ...props
}: Omit<ComponentProps<typeof SignatureRequestDialog>, 'signOnChain' | 'testIdPrefix'> & {
  onSignOnChain: () => void;
}) {
  const [mode, setMode] = useState<SigningMode>('offchain');
  return (
    <SignatureRequestDialog
      {...props}
      testIdPrefix="dapp"
      signOnChain={{
        choice: <SigningChoice mode={mode} onChange={setMode} dappName={props.requester.name} />,
        chosen: mode === 'onchain',
        onContinue: onSignOnChain,
      }}
    />
  );
}
