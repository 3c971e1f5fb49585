import { downloadFile } from '../../../lib/download';
import { Alert, Button, DownloadIcon, FileButton, UploadIcon } from '../../../ui';
import { useSafe } from '../../safe';
import { importToBatch, readBatchFile, type BatchItem } from './batchStore';
import { MAX_TX_BUILDER_FILE, readTxBuilderFile, txBuilderFileOf } from './txBuilderFile';
import styles from './Batch.module.css';

export type ImportOutcome =
  | {
      ok: true;
      file: string;
      name: string;
      count: number;
      checksum: 'matches' | 'differs' | 'missing';
      notes: string[];
      stored: boolean;
    }
  | { ok: false; file: string; problems: string[] };

/** Import a Transaction Builder file into the batch; export the batch as one. */
export function TxBuilderFiles({
  items,
  onImported,
}: {
  items: readonly BatchItem[];
  onImported: (outcome: ImportOutcome) => void;
}) {
  const { chain, address } = useSafe();

  const read = async (file: File) => {
    if (file.size > MAX_TX_BUILDER_FILE) {
      onImported({ ok: false, file: file.name, problems: ['It is larger than 2 MiB.'] });
      return;
    }
    const result = readTxBuilderFile(await file.text(), {
      chainId: chain.chainId,
      chainName: chain.chainName,
      safe: address,
    });
    if (!result.ok) {
      onImported({ ok: false, file: file.name, problems: result.error });
      return;
    }
    const { calls, meta, checksum, notes } = result.value;
    const { stored } = importToBatch(chain.chainId, address, calls, meta);
    onImported({ ok: true, file: file.name, name: meta.name, count: calls.length, checksum, notes, stored });
  };

  const exportFile = () => {
    const meta = readBatchFile(chain.chainId, address) ?? {
      name: `Countersign batch ${new Date().toISOString().slice(0, 10)}`,
      createdAt: Date.now(),
    };
    const text = txBuilderFileOf(
      items.map((item) => ({ action: item.action, entry: item.entry })),
      { chainId: chain.chainId, safe: address, meta },
    );
    downloadFile(`${meta.name.replace(/[^\w .-]+/g, '_')}.json`, text, 'application/json');
  };

  return (
    <div className={styles.files}>
      <FileButton
        icon={<UploadIcon />}
        size="sm"
        accept=".json,application/json"
        onFile={(file) => void read(file)}
        testId="batch-import"
        inputTestId="batch-import-file"
      >
        Import Transaction Builder file
      </FileButton>
      <Button
        icon={<DownloadIcon />}
        size="sm"
        onClick={exportFile}
        disabled={items.length === 0}
        title="A file Safe's Transaction Builder opens, with its checksum"
        data-testid="batch-export"
      >
        Export for Transaction Builder
      </Button>
    </div>
  );
}

/** What an import took, and what the owner should know of it (its checksum, its origin). */
export function ImportedNotice({ outcome }: { outcome: ImportOutcome }) {
  if (!outcome.ok)
    return (
      <Alert
        tone="danger"
        title={`${outcome.file} was not imported`}
        role="alert"
        testId="batch-import-error"
      >
        <ul>
          {outcome.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </Alert>
    );
  return (
    <Alert
      tone={outcome.checksum === 'matches' && outcome.notes.length === 0 ? 'ok' : 'warn'}
      title={`Imported ${outcome.count} ${outcome.count === 1 ? 'transaction' : 'transactions'} from “${outcome.name}”`}
      role="status"
      testId="batch-imported"
    >
      {outcome.checksum === 'matches'
        ? 'Its checksum matches: the file is as the Transaction Builder wrote it.'
        : outcome.checksum === 'differs'
          ? 'Its checksum does not match: the file was changed after it was written, or another tool wrote it. Check each call below and in the review.'
          : 'It has no checksum. Check each call below and in the review.'}
      {outcome.notes.map((note) => (
        <span key={note}> {note}</span>
      ))}
      {!outcome.stored && ' This browser did not save it: the batch lasts until this tab closes.'}
    </Alert>
  );
}
