import { downloadFile } from '../../lib/download';
import { Button, CopyButton, DownloadIcon } from '../../ui';
import styles from './Sharing.module.css';

/**
 * A transaction or message with its signatures, handed on: its link (copy) and its JSON file
 * (download). `testIdPrefix` names the parts: `<prefix>-link`, `<prefix>-download`.
 */
export function ShareLinkAndFile({
  what,
  link,
  fileName,
  json,
  testIdPrefix,
}: {
  /** "transaction" or "message": the words around the link. */
  what: string;
  link: string;
  fileName: string;
  json: string;
  testIdPrefix: string;
}) {
  return (
    <div className={styles.share}>
      <p className={styles.hint}>
        Anyone with the link or the file sees the {what} and its signatures; a signature lets nobody change
        it. Opening either checks it all again.
      </p>
      <div className={styles.buttons}>
        <input
          className={styles.link}
          readOnly
          value={link}
          aria-label={`Link to this ${what} and its signatures`}
          onFocus={(event) => event.target.select()}
          data-testid={`${testIdPrefix}-link`}
        />
        <CopyButton value={link} label="Copy the link" />
        <Button
          icon={<DownloadIcon />}
          onClick={() => downloadFile(fileName, json, 'application/json')}
          data-testid={`${testIdPrefix}-download`}
        >
          Download file
        </Button>
      </div>
    </div>
  );
}
