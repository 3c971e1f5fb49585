import { useState } from 'react';
import { Alert, Button, FileButton, TextAreaField, UploadIcon } from '../../../ui';
import { useSelectedChain } from '../../chains';
import { mergeSignatures } from '../../safe';
import { keptShared } from './keptShared';
import { parseSharedInput } from './sharedInput';
import { MAX_SHARED_TEXT, type SharedTx } from './sharedTx';
import styles from './Shared.module.css';

/** Opens a shared transaction from a file or from a pasted link or JSON; says why one cannot be read. */
export function OpenShared({ onOpen }: { onOpen: (shared: SharedTx, tool: string) => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const { chains } = useSelectedChain();

  const open = (input: string, source: string) => {
    const chainIdOf = (shortName: string) => chains?.find((chain) => chain.shortName === shortName)?.chainId;
    const parsed = parseSharedInput(input, chainIdOf);
    if (!parsed.ok) {
      setProblem(`${source}: ${parsed.error}`);
      return;
    }
    const opened = parsed.value;
    if (opened.kind === 'transaction') {
      setProblem(undefined);
      onOpen(opened.shared, opened.tool);
      return;
    }
    // One signature (localsafe's importSig): for a transaction this browser has opened before.
    const known = keptShared(opened.safeTxHash);
    if (known === undefined) {
      setProblem(
        `${source}: it holds one signature for the transaction ${opened.safeTxHash}, which this browser has not opened: open that transaction's link or file first, then this one.`,
      );
      return;
    }
    setProblem(undefined);
    onOpen({ ...known, signatures: mergeSignatures(known.signatures, [opened.signature]) }, opened.tool);
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
        Open a transaction a co-signer shared: its file, or its link or JSON pasted below. Links of safe.wei,
        Eternal Safe and localsafe open too. Nothing is sent anywhere; the link&apos;s part after # never
        reaches a server.
      </p>
      <div className={styles.buttons}>
        <FileButton
          icon={<UploadIcon />}
          accept=".json,application/json"
          onFile={(file) => void readFile(file)}
          testId="shared-open-file"
          inputTestId="shared-file"
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
