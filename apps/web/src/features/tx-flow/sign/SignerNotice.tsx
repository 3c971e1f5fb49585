import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { Alert, Button } from '../../../ui';
import { useSignerService } from '../../wallet';
import { useSafe, type Signer } from '../../safe';
import { ownerSafeLabel, ownerSafesQueryOptions } from '../../nested-safes';
import { sameAddress } from '../../../lib/address';

/**
 * The owners of this Safe that are Safes `signer` owns, named as the Safe's owners list names them:
 * an account that is no owner itself signs through them. Asked of the chain only for such an account,
 * and only while `wanted` (a page that may show nothing to sign leaves it unasked).
 */
export function useSignsThrough(signer: Signer, owners: readonly string[], wanted = true): string[] {
  const { chain, safe } = useSafe();
  const account = signer.kind === 'delegate' || signer.kind === 'outsider' ? signer.address : undefined;
  const parents = useQuery({
    ...ownerSafesQueryOptions(chain, owners as Address[]),
    enabled: wanted && account !== undefined,
  });
  if (account === undefined) return [];
  return (parents.data ?? [])
    .filter((parent) => parent.owners.some((owner) => sameAddress(owner, account)))
    .map((parent) => ownerSafeLabel(safe.owners, parent.address));
}

/**
 * Why the connected account can or cannot sign here, and what to do about it. `viaSafes` names the
 * owners of this Safe that are Safes the account owns: it signs through them.
 */
export function SignerNotice({
  role,
  viaSafes = [],
  testId = 'signer-notice',
}: {
  role: Signer;
  viaSafes?: readonly string[];
  testId?: string;
}) {
  const { requestRuntime } = useSignerService();
  if (role.kind === 'owner') return null;
  if (role.kind === 'settling') {
    return (
      <Alert tone="info" title="Reconnecting your wallet…" testId={testId}>
        Who may sign is known once your wallet has reconnected.
      </Alert>
    );
  }
  if (role.kind === 'disconnected') {
    return (
      <Alert
        tone="info"
        title="Connect an owner's wallet to sign"
        testId={testId}
        actions={
          <Button variant="primary" size="sm" onClick={() => requestRuntime({ open: true })}>
            Connect wallet
          </Button>
        }
      >
        Signing needs the wallet of one of the Safe&apos;s owners. What it would sign is shown here, decoded
        from its bytes.
      </Alert>
    );
  }
  if (role.kind === 'delegate') {
    return (
      <Alert tone="info" title="You are a delegate of this Safe" testId={testId}>
        {role.address} is not an owner, so it cannot sign; as a delegate the gateway knows, it can propose the
        transaction for the owners to sign.
      </Alert>
    );
  }
  if (viaSafes.length > 0) {
    return (
      <Alert tone="info" title="You sign through a Safe that owns this one" testId={testId}>
        {role.address} is not an owner of this Safe, but it owns {viaSafes.join(' and ')}, which{' '}
        {viaSafes.length === 1 ? 'is an owner' : 'are owners'}: sign for{' '}
        {viaSafes.length === 1 ? 'it' : 'them'} under “Owners that are Safes”.
      </Alert>
    );
  }
  return (
    <Alert tone="warn" title="This account cannot sign for the Safe" testId={testId}>
      {role.address} is neither an owner nor a delegate of this Safe. Switch to an owner&apos;s account in
      your wallet to sign.
    </Alert>
  );
}
