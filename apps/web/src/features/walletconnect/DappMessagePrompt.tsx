import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useGateway } from '../../lib/ServicesProvider';
import { Alert, Button, Dialog } from '../../ui';
import { signMessageForApp } from '../apps';
import {
  HashList,
  MessageContentView,
  SignerHint,
  computeMessageHashes,
  useOwnerAccount,
  type MessageContent,
} from '../messages';
import { useSafe } from '../safe';

/** How often the gateway is asked whether the other owners have signed, while the dapp waits. */
const WAIT_POLL_MS = 4_000;

/**
 * A dapp's personal_sign or eth_signTypedData_v4, in the Safe's message flow: the owner signs the
 * SafeMessage; the dapp gets the Safe's signature once the owners have reached the threshold (the
 * dialog waits for them, polling the gateway). Closing it refuses the request.
 */
export function DappMessagePrompt({
  dapp,
  content,
  more,
  onSigned,
  onReject,
}: {
  dapp: { name: string; url: string };
  content: MessageContent;
  more: string;
  onSigned: (signature: string) => void;
  onReject: () => void;
}) {
  const { chain, address, safe } = useSafe();
  const gateway = useGateway();
  const signer = useOwnerAccount();
  const [hashes] = useState(() =>
    computeMessageHashes({ chainId: Number(chain.chainId), safe: address, message: content }),
  );
  const sign = useMutation({
    mutationFn: () =>
      signMessageForApp({
        gateway,
        chainId: chain.chainId,
        safe: address,
        owners: safe.owners.map((owner) => owner.value),
        threshold: safe.threshold,
        app: { name: dapp.name, url: dapp.url, safeAppId: null },
        content,
      }),
    onSuccess: (result) => {
      if (result.ok && result.value.signature !== undefined) onSigned(result.value.signature);
    },
  });
  const signed = sign.data?.ok === true ? sign.data.value : undefined;
  const waitingFor =
    signed !== undefined && signed.signature === undefined && 'messageHash' in signed
      ? signed.messageHash
      : undefined;
  useQuery({
    queryKey: ['walletconnect', 'message', chain.chainId, waitingFor],
    enabled: waitingFor !== undefined,
    refetchInterval: WAIT_POLL_MS,
    queryFn: async () => {
      if (waitingFor === undefined) return 0;
      const message = await gateway.getMessage({ chainId: chain.chainId, messageHash: waitingFor });
      if (message.preparedSignature) onSigned(message.preparedSignature);
      return message.confirmationsSubmitted;
    },
  });
  const failure =
    sign.data?.ok === false
      ? sign.data.error
      : sign.error === null
        ? undefined
        : { source: 'check' as const, message: sign.error.message };
  const declined = failure?.source === 'wallet' && failure.kind === 'rejected';
  return (
    <Dialog
      open
      size="lg"
      title={`Signature requested by ${dapp.name}${more}`}
      onClose={onReject}
      testId="dapp-message-dialog"
      footer={
        <>
          <Button onClick={onReject} disabled={sign.isPending} data-testid="reject-message">
            Reject
          </Button>
          <Button
            variant="primary"
            onClick={() => sign.mutate()}
            disabled={!signer.isOwner || !hashes.ok || sign.isPending || sign.data?.ok === true}
            data-testid="sign-message"
          >
            {sign.isPending ? 'Signing…' : 'Sign'}
          </Button>
        </>
      }
    >
      <p>
        An off-chain message for this Safe: nothing is sent on chain. The dapp gets the Safe’s signature once{' '}
        {safe.threshold} {safe.threshold === 1 ? 'owner has' : 'owners have'} signed it.
      </p>
      <MessageContentView content={content} chain={chain} safeAddress={address} />
      <HashList hashes={hashes} />
      <SignerHint signer={signer} action="signs the message" />
      {waitingFor !== undefined && (
        <Alert tone="info" role="status" title="Signed" testId="dapp-message-waiting">
          Your signature is in. The dapp gets the Safe’s signature when the other owners have signed.
        </Alert>
      )}
      {failure !== undefined && (
        <Alert
          tone={declined ? 'warn' : 'danger'}
          role="alert"
          title="Not signed"
          testId="dapp-message-error"
        >
          {failure.message}
        </Alert>
      )}
    </Dialog>
  );
}
