import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, ButtonLink, FileButton, Page, TextAreaField, UploadIcon } from '../../../ui';
import { useSafe } from '../../safe';
import { SharedMessageView } from './SharedMessageView';
import {
  MAX_SHARED_MESSAGE_TEXT,
  parseSharedMessageFragment,
  parseSharedMessageInput,
  sharedMessageFragment,
  type SharedMessage,
} from './sharedMessage';
import styles from '../Signing.module.css';

/** Opens a shared message from a file or from a pasted link or JSON; says why one cannot be read. */
function OpenSharedMessage({ onOpen }: { onOpen: (shared: SharedMessage) => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const open = (input: string, source: string) => {
    const parsed = parseSharedMessageInput(input);
    if (!parsed.ok) {
      setProblem(`${source}: ${parsed.error}`);
      return;
    }
    setProblem(undefined);
    onOpen(parsed.value);
  };
  const readFile = async (file: File) => {
    if (file.size > MAX_SHARED_MESSAGE_TEXT) {
      setProblem(`${file.name}: it is larger than 256 KiB: not a shared message.`);
      return;
    }
    open(await file.text(), file.name);
  };
  return (
    <div className={styles.form} data-testid="shared-message-open">
      <p className={styles.hint}>
        Open a message a co-signer shared: its file, or its link or JSON pasted below. Nothing is sent
        anywhere; the link&apos;s part after # never reaches a server.
      </p>
      <div className={styles.actions}>
        <FileButton
          icon={<UploadIcon />}
          accept=".json,application/json"
          onFile={(file) => void readFile(file)}
          testId="shared-message-open-file"
          inputTestId="shared-message-file"
        >
          Open a file
        </FileButton>
      </div>
      <TextAreaField
        label="Link or JSON"
        mono
        rows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        testId="shared-message-paste"
      />
      <div className={styles.actions}>
        <Button
          variant="primary"
          onClick={() => open(text, 'The pasted text')}
          data-testid="shared-message-paste-open"
        >
          Open
        </Button>
      </div>
      {problem && (
        <Alert tone="danger" title="It cannot be opened" role="alert" testId="shared-message-open-error">
          {problem}
        </Alert>
      )}
    </div>
  );
}

/**
 * /{safe}/messages/shared#msg=…: a Safe message handed over by link or file, checked here against the
 * Safe contract (no gateway needed), then signed, shared again or sent to the gateway.
 */
export function SharedMessagePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { paths } = useSafe();
  // The address bar holds the message: a reload, a bookmark or a new link opens it.
  const fromLink = useMemo(
    () => (location.hash.length > 1 ? parseSharedMessageFragment(location.hash) : undefined),
    [location.hash],
  );
  const shared = fromLink?.ok ? fromLink.value : undefined;
  const open = (next: SharedMessage) =>
    void navigate(paths.sharedMessage(sharedMessageFragment(next)), { replace: true });

  return (
    <Page
      title="Shared message"
      description="A Safe message and its owners' signatures from a link or a file, checked here against the Safe contract."
      actions={
        <ButtonLink to={paths.messages} size="sm">
          All messages
        </ButtonLink>
      }
      testId="shared-message-page"
    >
      {fromLink && !fromLink.ok && (
        <Alert
          tone="danger"
          title="This link cannot be opened"
          role="alert"
          testId="shared-message-unreadable"
        >
          {fromLink.error}
        </Alert>
      )}
      {shared ? (
        <SharedMessageView key={sharedMessageFragment(shared)} shared={shared} onChange={open} />
      ) : (
        <OpenSharedMessage onOpen={open} />
      )}
    </Page>
  );
}
