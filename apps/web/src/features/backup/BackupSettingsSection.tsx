import { useState } from 'react';
import { getLocalStorage } from '../../lib/storage';
import { downloadFile } from '../../lib/download';
import { Alert, Button, DownloadIcon, FileButton, Section, UploadIcon } from '../../ui';
import { useSelectedChain } from '../chains';
import { MAX_BACKUP_TEXT, readBackup, writeBackup } from './backupFile';
import { importSafeWallet, restoreBackup, type RestoreReport } from './restore';
import { readSafeWalletExport } from './safeWalletExport';
import styles from './Backup.module.css';

type Outcome = { title: string; report: RestoreReport } | { title: string; error: string };

/**
 * Settings → Data: everything this browser keeps for its user in one file, restored in another
 * browser without overwriting what is there; and what Safe{Wallet} exports, brought in.
 */
export function BackupSettingsSection() {
  const { chains } = useSelectedChain();
  const [outcome, setOutcome] = useState<Outcome | undefined>();

  const exportBackup = () => {
    const storage = getLocalStorage();
    if (!storage) return;
    const now = new Date();
    downloadFile(
      `countersign-backup-${now.toISOString().slice(0, 10)}.json`,
      writeBackup(storage, now),
      'application/json',
    );
  };
  const readFile = async (file: File, apply: (text: string) => Outcome) => {
    if (file.size > MAX_BACKUP_TEXT) {
      setOutcome({ title: `${file.name} was not read`, error: 'It is larger than 6 MiB.' });
      return;
    }
    setOutcome(apply(await file.text()));
  };
  const restore = (text: string): Outcome => {
    const read = readBackup(text);
    if (!read.ok) return { title: 'Not restored', error: read.error };
    return {
      title: `Restored the backup of ${read.value.exportedAt.slice(0, 10)}`,
      report: restoreBackup(read.value.entries),
    };
  };
  const importFromSafeWallet = (text: string): Outcome => {
    const read = readSafeWalletExport(text);
    if (!read.ok) return { title: 'Not imported', error: read.error };
    return {
      title: `Imported Safe{Wallet}’s export (version ${read.value.version})`,
      report: importSafeWallet(read.value, chains ?? []),
    };
  };

  return (
    <div className={styles.section} data-testid="backup-section">
      <Section title="Back up this browser" id="backup-export">
        <p className={styles.hint}>
          One file with your address book and contract ABIs, My Safes, batches, Safe Apps and their
          permissions, hidden tokens, currency, your RPCs and shared transactions. No key and no wallet
          session is in it. Restoring it elsewhere adds what that browser lacks and changes nothing it has.
        </p>
        <div className={styles.buttons}>
          <Button icon={<DownloadIcon />} onClick={exportBackup} data-testid="backup-export">
            Download backup
          </Button>
          <FileButton
            icon={<UploadIcon />}
            accept=".json,application/json"
            onFile={(file) => void readFile(file, restore)}
            testId="backup-restore"
            inputTestId="backup-file"
          >
            Restore a backup
          </FileButton>
        </div>
      </Section>
      <Section title="Move in from Safe{Wallet}" id="backup-safe-wallet">
        <p className={styles.hint}>
          Safe{'{Wallet}'}’s data export (Settings → Data → Export, versions 1.0 to 3.0): its address book and
          added Safes come in; what has no place here is listed. Its address-book CSV (address, name, chainId)
          opens in Address book → Import CSV.
        </p>
        <div className={styles.buttons}>
          <FileButton
            icon={<UploadIcon />}
            accept=".json,application/json"
            onFile={(file) => void readFile(file, importFromSafeWallet)}
            testId="safe-wallet-import"
            inputTestId="safe-wallet-file"
          >
            Import Safe{'{Wallet}'} export
          </FileButton>
        </div>
      </Section>
      {outcome && <OutcomeNotice outcome={outcome} />}
    </div>
  );
}

function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  if ('error' in outcome)
    return (
      <Alert tone="danger" title={outcome.title} role="alert" testId="backup-outcome">
        {outcome.error}
      </Alert>
    );
  const { taken, kept } = outcome.report;
  return (
    <Alert tone="ok" title={outcome.title} role="status" testId="backup-outcome">
      <p data-testid="backup-taken">
        {taken.length > 0 ? `Taken: ${taken.join('; ')}.` : 'Nothing new was taken.'}
      </p>
      {kept.length > 0 && <p data-testid="backup-kept">Not taken: {kept.join('; ')}.</p>}
    </Alert>
  );
}
