import { signatureKinds, type CheckedSignature } from './sharedSignatures';
import styles from './Sharing.module.css';

/** Each signature of a shared transaction or message: whose, and whether it counts or why not. */
export function SharedSignatureList({
  signatures,
  testId,
}: {
  signatures: readonly CheckedSignature[];
  /** The list's test id; each item's is the same with `-signature` for `-signatures`. */
  testId: string;
}) {
  if (signatures.length === 0) return <p className={styles.hint}>Nobody has signed it yet.</p>;
  const itemTestId = testId.replace(/signatures$/, 'signature');
  return (
    <ul className={styles.signatures} data-testid={testId}>
      {signatures.map((signature) => (
        <li
          key={`${signature.signer}:${signature.signature}`}
          className={styles.signature}
          data-testid={itemTestId}
          data-valid={signature.problem === undefined}
        >
          <span className={styles.signer}>{signature.signer}</span>
          {signature.problem === undefined && signature.type ? (
            <span className={styles.good}>✓ {signatureKinds[signature.type]}</span>
          ) : (
            <span className={styles.bad}>✗ Not counted. {signature.problem}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
