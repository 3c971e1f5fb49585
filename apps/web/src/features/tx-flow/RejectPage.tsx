import { useSearchParams } from 'react-router';
import { Alert, Button, ButtonLink, Card } from '../../ui';
import { useSafe } from '../safe';
import { TxFlowPage } from './TxFlowPage';

/**
 * `/:safeId/new-transaction/reject?nonce=N`: an on-chain rejection. It is an empty transaction from
 * the Safe to itself at the nonce of what it rejects: executing it uses the nonce up, so nothing else
 * queued at that nonce can ever execute.
 */
export function RejectPage() {
  const { address, paths } = useSafe();
  const [search] = useSearchParams();
  const nonceText = search.get('nonce') ?? '';
  const nonce = /^\d{1,9}$/.test(nonceText) ? Number(nonceText) : undefined;
  return (
    <TxFlowPage title="Reject transaction">
      {({ review }) =>
        nonce === undefined ? (
          <Alert tone="danger" title="Which nonce?" role="alert">
            This link does not say which transaction to reject. Open the transaction in the queue and choose
            Reject there. <ButtonLink to={paths.queue}>Open the queue</ButtonLink>
          </Alert>
        ) : (
          <Card>
            <p>
              Rejecting cancels every transaction queued at nonce <strong>{nonce}</strong>. Like any
              transaction, the rejection needs the owners&apos; confirmations and an execution; once it
              executes, nothing else at nonce {nonce} can.
            </p>
            <Button
              variant="primary"
              data-testid="reject-continue"
              onClick={() =>
                review({
                  title: `Reject transaction #${nonce}`,
                  nonce,
                  // Gateways recognise a rejection only with every gas field at zero.
                  safeTxGas: 0n,
                  actions: [{ to: address, value: 0n, data: '0x', label: `Reject nonce ${nonce}` }],
                })
              }
            >
              Continue
            </Button>
          </Card>
        )
      }
    </TxFlowPage>
  );
}
