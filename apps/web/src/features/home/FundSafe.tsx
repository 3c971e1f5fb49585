import { Button, EmptyState, QrIcon } from '../../ui';
import { useReceiveDialog } from '../assets';
import { useSafe } from '../safe';

/** A new Safe's home, before anyone funds it: what to do first, and the Receive dialog to do it. */
export function FundSafe() {
  const { chain } = useSafe();
  const { show, dialog } = useReceiveDialog();
  return (
    <EmptyState
      title="Add funds to this Safe"
      icon={<QrIcon size={32} />}
      testId="fund-safe"
      action={
        <>
          <Button variant="primary" onClick={show} data-testid="fund-safe-receive">
            Receive assets
          </Button>
          {dialog}
        </>
      }
    >
      It holds nothing yet. Send assets on {chain.chainName} to its address to start using it.
    </EmptyState>
  );
}
