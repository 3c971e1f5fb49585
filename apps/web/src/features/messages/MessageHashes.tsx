import { useMemo } from 'react';
import type { SafeMessage } from '@countersign/gateway-api';
import type { Address } from 'viem';
import { Alert, Badge, Detail, DetailList, HexValue } from '../../ui';
import { HardwareScreen } from '../wallet';
import { computeMessageHashes, type MessageHashes as Hashes } from './messageHashes';
import styles from './MessageDetails.module.css';

/**
 * The message's hashes, all computed here: the content's own hash, the SafeMessage hash the owners
 * sign (checked against the gateway's messageHash), and what a hardware wallet's screen shows.
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
  return <HashList hashes={hashes} gatewayMessageHash={message.messageHash} />;
}

/**
 * The hashes of a message, as computed by computeMessageHashes. With the gateway's messageHash, the
 * SafeMessage hash shown is the gateway's, checked against the one computed here; without it (a
 * message about to be signed), the one computed here.
 */
export function HashList({ hashes, gatewayMessageHash }: { hashes: Hashes; gatewayMessageHash?: string }) {
  return (
    <>
      {!hashes.ok && (
        <Alert tone="warn" title="The hashes could not be computed here" testId="hash-error">
          <p>{hashes.reason}</p>
        </Alert>
      )}
      <DetailList testId="message-hashes">
        <Detail label={hashes.kind === 'raw bytes' ? 'Signed bytes' : 'Content hash'}>
          <span className={styles.stack}>
            {hashes.ok ? (
              <HexValue value={hashes.contentHash} label="content hash" full testId="message-content-hash" />
            ) : (
              <span className={styles.muted}>Not computed</span>
            )}
            <span className={styles.hint}>
              {hashes.kind === 'raw bytes'
                ? 'Raw bytes, signed as they are: what a contract asks this Safe’s isValidSignature to accept.'
                : `The hash of the ${hashes.kind === 'EIP-191' ? 'text (EIP-191)' : 'typed data (EIP-712)'}: the 32 bytes the Safe signs.`}
            </span>
          </span>
        </Detail>
        <Detail label="SafeMessage hash">
          <span className={styles.stack}>
            {gatewayMessageHash !== undefined ? (
              <HexValue value={gatewayMessageHash} label="SafeMessage hash" full testId="safe-message-hash" />
            ) : hashes.ok ? (
              <HexValue
                value={hashes.safeMessageHash}
                label="SafeMessage hash"
                full
                testId="safe-message-hash"
              />
            ) : (
              <span className={styles.muted}>Not computed</span>
            )}
            {hashes.ok &&
              hashes.matchesGateway !== undefined &&
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
              What each owner signs: EIP-712 SafeMessage over this Safe’s domain, wrapping the content hash.
              The gateway keys the message by it.
            </span>
          </span>
        </Detail>
      </DetailList>
      {hashes.ok && (
        <HardwareScreen
          domainHash={hashes.domainHash}
          messageHash={hashes.structHash}
          fields={[{ label: 'message', value: hashes.contentHash, testId: 'hardware-message-field' }]}
          note={
            hashes.kind === 'raw bytes'
              ? 'The device signs this Safe’s SafeMessage, whose message field is the bytes above.'
              : `The ${hashes.kind === 'EIP-191' ? 'text' : 'typed data'} itself is not on the device: it signs this Safe’s SafeMessage, whose message field is the content hash above.`
          }
          testIds={{ domainHash: 'domain-hash', messageHash: 'struct-hash' }}
        />
      )}
    </>
  );
}
