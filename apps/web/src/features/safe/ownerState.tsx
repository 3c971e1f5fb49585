import { Badge } from '../../ui';
import type { Signer } from './signer';

/**
 * Where the connected account stands on something the owners sign (a queued transaction, a message):
 * the one wording the queue, a transaction's details and the messages share.
 */
export type OwnerState = 'signed' | 'needs-signature' | 'not-owner';

const labels: Record<OwnerState, string> = {
  signed: 'You signed',
  'needs-signature': 'Needs your signature',
  'not-owner': 'You are not an owner',
};

const tones = {
  signed: 'ok',
  'needs-signature': 'accent',
  'not-owner': 'neutral',
} as const satisfies Record<OwnerState, string>;

/**
 * The signer's state, given whether an account's signature is there (`hasSigned` answers undefined
 * when the item does not tell, e.g. it no longer waits for signatures). Undefined without a wallet or
 * while it reconnects. An owner is one as the Safe contract answers (see useSigner).
 */
export function ownerStateOf(
  signer: Signer,
  hasSigned: (account: string) => boolean | undefined,
): OwnerState | undefined {
  if (signer.kind === 'disconnected' || signer.kind === 'settling') return undefined;
  if (signer.kind !== 'owner') return 'not-owner';
  const signed = hasSigned(signer.address);
  if (signed === undefined) return undefined;
  return signed ? 'signed' : 'needs-signature';
}

export function OwnerStateBadge({ state, testId }: { state: OwnerState; testId: string }) {
  return (
    <Badge tone={tones[state]} testId={testId}>
      {labels[state]}
    </Badge>
  );
}
