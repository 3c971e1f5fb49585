import { Button } from '../../../ui';
import type { TxDraft } from '../draft';

/** Placeholder until the review lands: shows the draft's calls. */
export function Review({ draft, onBack }: { draft: TxDraft; onBack: () => void }) {
  return (
    <section data-testid="tx-review">
      <h2>{draft.title}</h2>
      <ol>
        {draft.actions.map((action, index) => (
          <li key={index}>{action.label ?? `${action.to} ${action.data}`}</li>
        ))}
      </ol>
      <Button onClick={onBack}>Back</Button>
    </section>
  );
}
