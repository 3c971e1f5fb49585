import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { isGatewayStatus } from '../../lib/gatewayErrors';
import {
  ButtonLink,
  ErrorAlert,
  Page,
  QueryView,
  Skeleton,
  SkeletonRows,
  useDescribeQueryError,
  revealInvisible,
} from '../../ui';
import { useSafe } from '../safe';
import { messagePreview } from './messageContent';
import { MessageActions } from './MessageActions';
import { MessageDetails } from './MessageDetails';
import { useMessage } from './queries';
import styles from './MessagesPage.module.css';

const isMessageHash = (value: string) => /^0x[0-9a-fA-F]{64}$/.test(value);

/** /:safeId/messages/:messageHash: one message, with its content, hashes and confirmations. */
export function MessagePage() {
  const { messageHash = '' } = useParams();
  const { paths } = useSafe();
  const back = (
    <ButtonLink to={paths.messages} size="sm" data-testid="back-to-messages">
      All messages
    </ButtonLink>
  );
  if (!isMessageHash(messageHash)) {
    return (
      <Page title="Message" actions={back}>
        <ErrorAlert
          title="Not a message hash"
          message="A message hash is 0x followed by 64 hexadecimal digits."
        />
      </Page>
    );
  }
  return <MessageView messageHash={messageHash} back={back} />;
}

function MessageView({ messageHash, back }: { messageHash: string; back: ReactNode }) {
  const describeQueryError = useDescribeQueryError();
  const { chain, address } = useSafe();
  const query = useMessage(chain.chainId, address, messageHash);
  return (
    <Page
      title="Message"
      description={
        query.data ? (
          <span className={styles.description} data-testid="message-preview">
            {revealInvisible(messagePreview(query.data.message))}
          </span>
        ) : undefined
      }
      actions={back}
      testId="message-page"
    >
      <QueryView
        query={query}
        loadingLabel="Loading the message"
        errorTitle="The message could not be loaded"
        describeError={(error) =>
          isGatewayStatus(error, 404)
            ? {
                message: `The gateway has no message with this hash on ${chain.chainName}.`,
                retryable: false,
              }
            : describeQueryError(error)
        }
        skeleton={
          <>
            <SkeletonRows rows={6} height="2.75rem" />
            <Skeleton height="8rem" radius="var(--radius-md)" />
          </>
        }
      >
        {(message) => (
          <>
            <MessageActions message={message} />
            <MessageDetails message={message} chain={chain} safeAddress={address} />
          </>
        )}
      </QueryView>
    </Page>
  );
}
