import type { ChainInfo, SafeMessage } from '@countersign/gateway-api';
import type { Address as AddressValue } from 'viem';
import { isHttpUrl } from '../../lib/urls';
import {
  Address,
  DateTime,
  Detail,
  DetailList,
  HexValue,
  RemoteImage,
  Section,
  RevealedText,
} from '../../ui';
import { chainExplorer } from '../chains';
import { contentKindTitle, parseOrigin } from './messageContent';
import { MessageContentView } from './MessageContentView';
import { MessageHashes } from './MessageHashes';
import { CheckedMessageStatus, SignatureCheckDetails, SignatureCheckLine } from './sign/SignatureCheckView';
import styles from './MessageDetails.module.css';

/** Everything of one message: its state, its content, its hashes and who signed it. */
export function MessageDetails({
  message,
  chain,
  safeAddress,
}: {
  message: SafeMessage;
  chain: ChainInfo;
  safeAddress: AddressValue;
}) {
  const explorer = chainExplorer(chain);
  const origin = parseOrigin(message.origin);
  const content = message.message;
  return (
    <>
      <DetailList testId="message-summary">
        <Detail label="Status" testId="message-status">
          <CheckedMessageStatus message={message} chain={chain} safeAddress={safeAddress} />
        </Detail>
        {message.status === 'CONFIRMED' && (
          <Detail label="On-chain check" testId="signature-check-row">
            <SignatureCheckLine message={message} chain={chain} safeAddress={safeAddress} />
          </Detail>
        )}
        <Detail label="Confirmations" testId="message-confirmations-count">
          {message.confirmationsSubmitted} of {message.confirmationsRequired}
        </Detail>
        {(message.name !== null || message.logoUri !== null) && (
          <Detail label="App" testId="message-app">
            {message.logoUri !== null && isHttpUrl(message.logoUri) && (
              <RemoteImage src={message.logoUri} size={24} />
            )}
            <span className={styles.text}>
              <RevealedText text={message.name ?? 'Unnamed app'} />
            </span>
          </Detail>
        )}
        {origin !== null && (
          <Detail label="Origin" testId="message-origin">
            <span className={styles.stack}>
              {origin.name !== undefined && (
                <span className={styles.text}>
                  <RevealedText text={origin.name} />
                </span>
              )}
              {origin.url !== undefined &&
                (isHttpUrl(origin.url) ? (
                  <a href={origin.url} target="_blank" rel="noopener noreferrer" className={styles.text}>
                    <RevealedText text={origin.url} />
                  </a>
                ) : (
                  <code className={styles.text}>
                    <RevealedText text={origin.url} />
                  </code>
                ))}
              {origin.text !== undefined && (
                <span className={styles.text}>
                  <RevealedText
                    text={origin.text.length > 300 ? `${origin.text.slice(0, 300)}…` : origin.text}
                  />
                </span>
              )}
            </span>
          </Detail>
        )}
        <Detail label="Proposed by" testId="message-proposer">
          <Address
            address={message.proposedBy.value}
            name={message.proposedBy.name}
            copy
            explorerUrl={explorer.address(message.proposedBy.value)}
          />
        </Detail>
        <Detail label="Created" testId="message-created">
          <DateTime value={message.creationTimestamp} />
        </Detail>
        <Detail label="Last modified" testId="message-modified">
          <DateTime value={message.modifiedTimestamp} />
        </Detail>
      </DetailList>

      <Section title={contentKindTitle(content)} id="message-content">
        <MessageContentView content={content} chain={chain} safeAddress={safeAddress} />
      </Section>

      <Section title="Hashes" id="message-hashes">
        <MessageHashes message={message} chainId={chain.chainId} safeAddress={safeAddress} />
      </Section>

      <Section
        title={`Confirmations (${message.confirmationsSubmitted} of ${message.confirmationsRequired})`}
        id="message-confirmations"
      >
        {message.confirmations.length === 0 ? (
          <p className={styles.muted}>No owner has signed this message yet.</p>
        ) : (
          <ul className={styles.confirmations} data-testid="message-confirmations">
            {message.confirmations.map((confirmation, index) => (
              <li
                key={`${confirmation.owner.value}-${index}`}
                className={styles.confirmation}
                data-testid="message-confirmation"
              >
                <Address
                  address={confirmation.owner.value}
                  name={confirmation.owner.name}
                  copy
                  explorerUrl={explorer.address(confirmation.owner.value)}
                />
                <span className={styles.signature}>
                  <span className={styles.hint}>Signature</span>
                  <HexValue
                    value={confirmation.signature}
                    label="signature"
                    chars={8}
                    testId="confirmation-signature"
                  />
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className={styles.muted}>
          {message.confirmationsRequired}{' '}
          {message.confirmationsRequired === 1 ? 'confirmation is' : 'confirmations are'} required (the Safe’s
          threshold now).
        </p>
        {message.status === 'CONFIRMED' && message.preparedSignature !== null && (
          <DetailList>
            <Detail label="Prepared signature">
              <span className={styles.stack}>
                <HexValue
                  value={message.preparedSignature}
                  label="prepared signature"
                  chars={10}
                  testId="prepared-signature"
                />
                <span className={styles.hint}>
                  The owners’ signatures combined, as the Safe’s isValidSignature accepts them.
                </span>
              </span>
            </Detail>
          </DetailList>
        )}
        <SignatureCheckDetails message={message} chain={chain} safeAddress={safeAddress} />
      </Section>
    </>
  );
}
