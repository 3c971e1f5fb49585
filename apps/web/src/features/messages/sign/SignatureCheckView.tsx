import type { ChainInfo, SafeMessage } from '@countersign/gateway-api';
import type { Address } from 'viem';
import { Alert, Badge, Button, Detail, DetailList, HexValue } from '../../../ui';
import { MessageStatus } from '../MessageStatus';
import type { SignatureCheckVariant } from './onChainCheck';
import { useSignatureCheck } from '../useSignatureCheck';
import styles from '../Signing.module.css';

type Props = { message: SafeMessage; chain: ChainInfo; safeAddress: Address };

/**
 * The message's state. One the gateway calls CONFIRMED shows as Confirmed only once the Safe itself
 * accepted the combined signature on chain (see SignatureCheckLine for how that went).
 */
export function CheckedMessageStatus({ message, chain, safeAddress }: Props) {
  const check = useSignatureCheck(message, chain, safeAddress);
  switch (check.status) {
    case 'not-confirmed':
      return <MessageStatus status={message.status} />;
    case 'checking':
      return (
        <Badge tone="neutral" testId="message-status-badge">
          Checking on chain…
        </Badge>
      );
    case 'checked':
      return check.result.valid ? (
        <MessageStatus status="CONFIRMED" />
      ) : (
        <Badge tone="danger" testId="message-status-badge">
          Not accepted by the Safe
        </Badge>
      );
    case 'cannot-check':
    case 'error':
      return (
        <Badge tone="warn" testId="message-status-badge">
          Not checked on chain
        </Badge>
      );
  }
}

/**
 * How the on-chain check of a message with all its confirmations went: checked, refused (said
 * plainly), or not possible (why, and a way to ask again when the chain did not answer).
 */
export function SignatureCheckLine({ message, chain, safeAddress }: Props) {
  const check = useSignatureCheck(message, chain, safeAddress);
  switch (check.status) {
    case 'not-confirmed':
      return null;
    case 'checking':
      return (
        <span className={styles.hint} role="status" data-testid="signature-check">
          Checking the signature on chain…
        </span>
      );
    case 'checked': {
      if (!check.result.valid) {
        return (
          <span className={styles.text} role="alert" data-testid="signature-check">
            The gateway counts this message as confirmed, but the Safe’s isValidSignature does not accept the
            combined signature: the message is not signed by the Safe.
          </span>
        );
      }
      const accepted = check.result.variants.filter((v) => v.outcome.kind === 'valid').length;
      return (
        <span className={styles.stack}>
          <Badge tone="ok" testId="signature-check">
            Signature checked on chain
          </Badge>
          <span className={styles.hint}>
            {accepted === check.result.variants.length
              ? 'Both forms of the Safe’s isValidSignature returned their magic values.'
              : 'One form of the Safe’s isValidSignature returned its magic value; see below for the other.'}
          </span>
        </span>
      );
    }
    case 'cannot-check':
    case 'error':
      return (
        <span className={styles.stack}>
          <span className={styles.text} data-testid="signature-check">
            {check.status === 'error' ? check.message : check.reason}
          </span>
          {check.status === 'error' && (
            <Button size="sm" onClick={check.retry} data-testid="signature-check-retry">
              Check again
            </Button>
          )}
        </span>
      );
  }
}

const variantTestIds: Record<SignatureCheckVariant['variant'], string> = {
  hash: 'signature-check-hash',
  bytes: 'signature-check-bytes',
};

function VariantOutcome({ variant }: { variant: SignatureCheckVariant }) {
  const { outcome, expected } = variant;
  switch (outcome.kind) {
    case 'valid':
      return (
        <span className={styles.checkLine}>
          <Badge tone="ok">Valid</Badge>
          <span className={styles.hint}>
            Returned the magic value <code>{expected}</code>
          </span>
        </span>
      );
    case 'wrong-value':
      return (
        <span className={styles.checkLine}>
          <Badge tone="danger">Not valid</Badge>
          <span className={styles.text}>
            Returned <code>{outcome.returned === '0x' ? 'nothing (0x)' : outcome.returned}</code> instead of{' '}
            <code>{expected}</code>
          </span>
        </span>
      );
    case 'reverted':
      return (
        <span className={styles.checkLine}>
          <Badge tone="danger">Not valid</Badge>
          <span className={styles.text}>Reverted: {outcome.reason}</span>
        </span>
      );
  }
}

/** Both of the Safe's answers, and which signature bytes it was asked about. */
export function SignatureCheckDetails({ message, chain, safeAddress }: Props) {
  const check = useSignatureCheck(message, chain, safeAddress);
  if (check.status !== 'checked') return null;
  return (
    <div className={styles.panel} data-testid="signature-check-details">
      {!check.result.valid && (
        <Alert tone="danger" title="The Safe does not accept this signature">
          <p>
            Neither form of the Safe’s isValidSignature returned its magic value. The owners’ signatures may
            be for another message, another Safe or chain, or the Safe’s owners or threshold may have changed
            since they signed.
          </p>
        </Alert>
      )}
      <DetailList>
        <Detail label="Checked on chain">
          <span className={styles.stack}>
            <HexValue
              value={check.signatures}
              label="checked signature"
              chars={10}
              testId="checked-signature"
            />
            <span className={styles.hint}>
              {check.source === 'prepared'
                ? 'The gateway’s prepared signature, asked of the Safe by eth_call through the chain’s RPC.'
                : 'The confirmations, sorted by owner and combined here, asked of the Safe by eth_call through the chain’s RPC.'}
            </span>
          </span>
        </Detail>
        {check.result.variants.map((variant) => (
          <Detail
            key={variant.variant}
            label={<code>{variant.signature}</code>}
            testId={variantTestIds[variant.variant]}
          >
            <VariantOutcome variant={variant} />
          </Detail>
        ))}
      </DetailList>
    </div>
  );
}
