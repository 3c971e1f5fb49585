import { useMemo } from 'react';
import type { SafeMessage } from '@countersign/gateway-api';
import type { Address } from 'viem';
import { Alert, Badge, Detail, DetailList, HexValue } from '../../ui';
import { computeMessageHashes } from './messageHashes';
import styles from './MessageDetails.module.css';

/**
 * The message's two hashes, both computed here: the content's own hash and the SafeMessage hash the
 * owners sign, checked against the gateway's messageHash.
 */
export function MessageHashes({
  message,
  chainId,
  safeAddress,
}: {
  message: SafeMessage;
  chainId: string;
  safeAddress: Address;
}) {
  const hashes = useMemo(
    () =>
      computeMessageHashes({
        chainId: Number(chainId),
        safe: safeAddress,
        message: message.message,
        gatewayMessageHash: message.messageHash,
      }),
    [chainId, safeAddress, message.message, message.messageHash],
  );
  return (
    <>
      {!hashes.ok && (
        <Alert tone="warn" title="The hashes could not be computed here" testId="hash-error">
          <p>{hashes.reason}</p>
        </Alert>
      )}
      <DetailList testId="message-hashes">
        <Detail label="Message hash">
          <span className={styles.stack}>
            {hashes.ok ? (
              <HexValue value={hashes.contentHash} label="message hash" full testId="message-content-hash" />
            ) : (
              <span className={styles.muted}>Not computed</span>
            )}
            <span className={styles.hint}>
              The hash of the {hashes.kind === 'EIP-191' ? 'text (EIP-191)' : 'typed data (EIP-712)'}: the 32
              bytes the Safe signs.
            </span>
          </span>
        </Detail>
        <Detail label="SafeMessage hash">
          <span className={styles.stack}>
            <HexValue value={message.messageHash} label="SafeMessage hash" full testId="safe-message-hash" />
            {hashes.ok &&
              (hashes.matchesGateway ? (
                <Badge tone="ok" testId="hash-check">
                  Matches the hash computed here
                </Badge>
              ) : (
                <span className={styles.stack}>
                  <Badge tone="danger" testId="hash-check">
                    Differs from the hash computed here
                  </Badge>
                  <span className={styles.hint}>
                    Computed for this Safe on this chain:{' '}
                    <HexValue
                      value={hashes.safeMessageHash}
                      label="computed SafeMessage hash"
                      full
                      testId="computed-safe-message-hash"
                    />
                    . The message may belong to another Safe or chain, or the gateway hashed it differently.
                  </span>
                </span>
              ))}
            {hashes.ok && hashes.note !== undefined && <span className={styles.hint}>{hashes.note}</span>}
            <span className={styles.hint}>
              What each owner signs: EIP-712 SafeMessage over this Safe’s domain, wrapping the message hash.
              The gateway keys the message by it.
            </span>
          </span>
        </Detail>
      </DetailList>
    </>
  );
}
