import type { SimulationResult } from '@countersign/safe-core';
import { Alert, Badge } from '../../../ui';

/** The simulation's outcome: success with its gas, or the revert reason. A failure warns; it does not block. */
export function SimulationSummary({
  query,
  native,
}: {
  query: { data?: SimulationResult; isPending: boolean; isError: boolean; error: unknown };
  native: { symbol: string };
}) {
  if (query.isPending) {
    return (
      <p role="status" data-testid="simulation" data-state="running">
        Simulating on the chain…
      </p>
    );
  }
  const result: SimulationResult = query.data ?? {
    ok: false,
    error: query.error instanceof Error ? query.error.message : 'The simulation did not run.',
  };
  if (!result.ok) {
    return (
      <Alert tone="warn" title="Not simulated" testId="simulation">
        {result.error} You can still sign; nothing was checked beforehand.
      </Alert>
    );
  }
  if (result.success) {
    return (
      <div data-testid="simulation" data-state="success">
        <Badge tone="ok">Simulation succeeded</Badge>{' '}
        <span>
          The Safe would run it successfully, using {result.gasUsed.toLocaleString('en-US')} gas (paid in{' '}
          {native.symbol} by whoever executes it).
        </span>
      </div>
    );
  }
  return (
    <Alert tone="danger" title="The simulation failed" role="alert" testId="simulation">
      <span data-state="reverted">
        Executed now, this transaction would revert:{' '}
        <strong data-testid="simulation-reason">{result.revertReason}</strong>. You can still sign it (for
        example if it depends on an earlier transaction), but check why first.
      </span>
    </Alert>
  );
}
