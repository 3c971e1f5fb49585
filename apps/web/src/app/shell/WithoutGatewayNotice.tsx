import { Alert, Button } from '../../ui';

/**
 * A Safe page opened from its contract alone, because the gateway does not answer: what is read
 * from the chain, what is missing, and how owners carry on (a transaction shared by link or file).
 */
export function WithoutGatewayNotice({
  gatewayUrl,
  onRetry,
  retrying,
}: {
  gatewayUrl: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert
      tone="warn"
      role="status"
      testId="without-gateway"
      title="Read from the chain alone: the gateway does not answer"
      actions={
        <Button size="sm" onClick={onRetry} disabled={retrying} data-testid="retry-button">
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      }
    >
      The gateway at {gatewayUrl} does not answer. Owners, threshold, nonce, modules and the coin balance come
      from the Safe contract. Token lists, prices, the queue, the history and names need the gateway and are
      missing. You can still create, sign and execute a transaction: share it with your co-signers as a link
      or a file.
    </Alert>
  );
}
