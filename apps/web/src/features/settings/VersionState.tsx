import type { ImplementationVersionState } from '@countersign/gateway-api';
import { Badge, type BadgeTone } from '../../ui';
import { versionStateLabel } from '../safe';

const tones: Record<ImplementationVersionState, BadgeTone> = {
  UP_TO_DATE: 'ok',
  OUTDATED: 'warn',
  UNKNOWN: 'neutral',
};

/** Up to date, Outdated or Unknown: the gateway's judgement of the Safe's version. */
export function VersionStateBadge({ state, testId }: { state: ImplementationVersionState; testId?: string }) {
  return (
    <Badge tone={tones[state]} testId={testId}>
      {versionStateLabel(state)}
    </Badge>
  );
}

/** What the state means, with the chain's recommended version. */
export function versionStateExplanation(
  state: ImplementationVersionState,
  recommended: string | null,
): string {
  switch (state) {
    case 'UP_TO_DATE':
      return recommended
        ? `The version this chain recommends (${recommended}) or newer.`
        : 'The gateway finds nothing newer for this chain.';
    case 'OUTDATED':
      return recommended
        ? `This chain recommends ${recommended}. Upgrading takes a Safe transaction the owners sign.`
        : 'Older than the version this chain recommends. Upgrading takes a Safe transaction the owners sign.';
    case 'UNKNOWN':
      return 'The gateway cannot tell: the version is not readable, or the implementation is not one this chain supports.';
  }
}
