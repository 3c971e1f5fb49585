import { memo } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageItem, UnreadableItem } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { isHttpUrl } from '../../lib/urls';
import { Address, DateTime, RemoteImage, WarningIcon, revealInvisible } from '../../ui';
import { OwnerStateBadge, type OwnerState } from '../safe';
import { messagePreview } from './messageContent';
import { MessageStatus } from './MessageStatus';
import { messageQueryOptions } from './queries';
import styles from './MessagesPage.module.css';

/**
 * One message in the list: what it says, who proposed it, when, how far its signing is, and where the
 * connected owner stands on it.
 */
export const MessageRow = memo(function MessageRow({
  message,
  href,
  chainId,
  safeAddress,
  updatedAt,
  ownerState,
}: {
  message: MessageItem;
  href: string;
  chainId: string;
  safeAddress: string;
  updatedAt: number;
  ownerState: OwnerState | undefined;
}) {
  const queryClient = useQueryClient();
  const gateway = useGateway();
  // The list already holds the whole message: the detail opens from it at once.
  const seedDetail = () => {
    const { queryKey } = messageQueryOptions(gateway, chainId, safeAddress, message.messageHash);
    if (queryClient.getQueryData(queryKey) !== undefined) return;
    const { type: _type, ...detail } = message;
    queryClient.setQueryData(queryKey, detail, { updatedAt });
  };
  return (
    <li>
      <Link
        to={href}
        className={styles.row}
        onPointerEnter={seedDetail}
        onFocus={seedDetail}
        data-testid="message-row"
        data-message-hash={message.messageHash}
      >
        <span className={styles.main}>
          <span className={styles.preview} data-testid="message-row-preview">
            {revealInvisible(messagePreview(message.message))}
          </span>
          <span className={styles.meta}>
            {message.name !== null && (
              <span className={styles.app} data-testid="message-row-app">
                {message.logoUri !== null && isHttpUrl(message.logoUri) && (
                  <RemoteImage src={message.logoUri} size={16} />
                )}
                <span className={styles.appName}>{revealInvisible(message.name)}</span>
              </span>
            )}
            <span className={styles.proposer}>
              <span className="visually-hidden">Proposed by </span>
              <Address address={message.proposedBy.value} name={message.proposedBy.name} identiconSize={16} />
            </span>
            <DateTime value={message.creationTimestamp} format="time" testId="message-row-time" />
          </span>
        </span>
        <span className={styles.side}>
          <MessageStatus status={message.status} />
          {ownerState !== undefined && <OwnerStateBadge state={ownerState} testId="message-owner-state" />}
          <span className={styles.count} data-testid="message-row-confirmations">
            {message.confirmationsSubmitted} of {message.confirmationsRequired}
            <span className={styles.countLabel}> confirmations</span>
          </span>
        </span>
      </Link>
    </li>
  );
});

/** An entry the gateway sent that this app could not read: said plainly, and the list goes on. */
export function UnreadableRow({ item }: { item: UnreadableItem }) {
  const issues = item.issues.length > 200 ? `${item.issues.slice(0, 200)}…` : item.issues;
  return (
    <li className={`${styles.row} ${styles.unreadable}`} data-testid="message-row-unreadable">
      <WarningIcon className={styles.warnIcon} />
      <span className={styles.main}>
        <span className={styles.preview}>A message this app cannot read</span>
        <span className={styles.issues}>{revealInvisible(issues)}</span>
      </span>
    </li>
  );
}
