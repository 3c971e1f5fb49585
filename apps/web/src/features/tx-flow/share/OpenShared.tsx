import { useRef, useState } from 'react';
import { Alert, Button, TextAreaField, UploadIcon } from '../../../ui';
import { MAX_SHARED_TEXT, parseSharedInput, type SharedTx } from './sharedTx';
import styles from './Shared.module.css';

/** Opens a shared transaction from a file or from a pasted link or JSON; says why one cannot be read. */
export function OpenShared({ onOpen }: { onOpen: (shared: SharedTx) => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);

  const open = (input: string, source: string) => {
    const parsed = parseSharedInput(input);
    if (parsed.ok) {
      setProblem(undefined);
      onOpen(parsed.value);
    } else setProblem(`${source}: ${parsed.error}`);
  };
  const readFile = async (file: File) => {
    if (file.size > MAX_SHARED_TEXT) {
      setProblem(`${file.name}: it is larger than 512 KiB: not a shared transaction.`);
      return;
    }
    open(await file.text(), file.name);
  };

  return (
    <div className={styles.open} data-testid="shared-open">
      <p className={styles.hint}>
        Open a transaction a co-signer shared: its file, or its link or JSON pasted below. Nothing is sent
        anywhere; the link&apos;s part after # never reaches a server.
      </p>
      <div className={styles.buttons}>
        <Button
          icon={<UploadIcon />}
          onClick={() => fileInput.current?.click()}
          data-testid="shared-open-file"
        >
          Open a file
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void readFile(file);
          }}
          data-testid="shared-file"
        />
      </div>
      <TextAreaField
        label="Link or JSON"
        mono
        rows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        testId="shared-paste"
      />
      <div className={styles.buttons}>
        <Button
          variant="primary"
          onClick={() => open(text, 'The pasted text')}
          data-testid="shared-paste-open"
        >
          Open
        </Button>
      </div>
      {problem && (
        <Alert tone="danger" title="It cannot be opened" role="alert" testId="shared-open-error">
          {problem}
        </Alert>
      )}
    </div>
  );
}
