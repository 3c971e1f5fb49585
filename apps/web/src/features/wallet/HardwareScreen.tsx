import type { ReactNode } from 'react';
import { CopyButton } from '../../ui';
import styles from './HardwareScreen.module.css';

/** One line as a device shows it: its label there, and the value to compare, character by character. */
type ScreenLine = { label: string; value: string; testId?: string };

/**
 * What a Ledger or Trezor shows for an EIP-712 signature (a SafeTx, a SafeMessage), so the owner can
 * compare it with the device, line by line. A device that cannot show the typed fields (Ledger's
 * blind signing, the Trezor One) shows the two halves of what it signs: the domain hash (the Safe and
 * its chain) and the message hash (the struct). `fields` are what a device that shows the fields
 * prints for what matters here (a SafeMessage's `message`); `note` says what is not on the screen.
 */
export function HardwareScreen({
  domainHash,
  messageHash,
  fields = [],
  note,
  testIds = {},
}: {
  domainHash: string;
  messageHash: string;
  fields?: readonly ScreenLine[];
  note?: ReactNode;
  testIds?: { domainHash?: string; messageHash?: string };
}) {
  const lines: ScreenLine[] = [
    { label: 'Domain hash', value: domainHash, testId: testIds.domainHash },
    { label: 'Message hash', value: messageHash, testId: testIds.messageHash },
  ];
  return (
    <section
      className={styles.screen}
      aria-label="On your hardware wallet’s screen"
      data-testid="hardware-screen"
    >
      <h4 className={styles.title}>On your hardware wallet’s screen</h4>
      <Lines lines={lines} />
      <p className={styles.hint}>
        Ledger and Trezor show these two when they sign without showing the fields (blind signing, the Trezor
        One). Check that every character matches before you approve.
      </p>
      {fields.length > 0 && (
        <>
          <p className={styles.hint}>A device that shows the fields shows:</p>
          <Lines lines={fields} />
        </>
      )}
      {note !== undefined && <p className={styles.hint}>{note}</p>}
    </section>
  );
}

function Lines({ lines }: { lines: readonly ScreenLine[] }) {
  return (
    <dl className={styles.lines}>
      {lines.map((line) => (
        <div key={line.label} className={styles.line}>
          <dt>{line.label}</dt>
          <dd className={styles.value}>
            <code data-testid={line.testId}>{line.value}</code>
            <CopyButton
              value={line.value}
              label={`Copy the ${line.label.toLowerCase()} shown on the device`}
            />
          </dd>
        </div>
      ))}
    </dl>
  );
}
