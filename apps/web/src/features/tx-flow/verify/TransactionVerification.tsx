import type { ReactNode } from 'react';
import type { Address } from 'viem';
import type { TransactionDetails } from '@countersign/gateway-api';
import { Link } from 'react-router';
import { Alert } from '../../../ui';
import { useSafe } from '../../safe';
import { CallWords } from './CallWords';
import { useTransactionVerdict } from './useTransactionVerdict';
import styles from './Verification.module.css';

/**
 * What a multisig transaction does, decided here from its bytes (the ones its safeTxHash covers)
 * rather than taken from the gateway's description. The gateway's words (`claimed`) are shown as
 * the headline only when the bytes bear them out; otherwise as a flagged claim beside what the bytes
 * do.
 */
export function TransactionVerification({
  details,
  claimed,
}: {
  details: TransactionDetails;
  /** The gateway's description, as the page renders it. */
  claimed: ReactNode;
}) {
  const { chain, address, paths } = useSafe();
  const verdict = useTransactionVerdict(details);
  if (verdict.kind === 'other-safe') {
    return (
      <Alert
        tone="danger"
        title="This transaction belongs to another Safe"
        role="alert"
        testId="claim-other-safe"
      >
        The gateway answered with a transaction of {verdict.safe}, not of this Safe ({address}). Nothing of it
        can be signed here.
      </Alert>
    );
  }
  if (verdict.kind === 'hash-mismatch') {
    return (
      <Alert tone="danger" title="Do not sign this transaction" role="alert" testId="claim-hash-mismatch">
        {verdict.error}
      </Alert>
    );
  }
  if (verdict.kind === 'none') return <>{claimed}</>;
  const { report } = verdict;
  const words = (
    <CallWords calls={report.calls} chain={chain} safe={address as Address} testId="bytes-words" />
  );
  if (report.mismatches.length > 0) {
    return (
      <div className={styles.verification}>
        <Alert
          tone="danger"
          title="The gateway's description does not match the transaction's bytes"
          role="alert"
          testId="claim-mismatch"
        >
          <div>
            The gateway describes it as: <div className={styles.claim}>{claimed}</div>
          </div>
          <div>What the bytes do, decoded here:</div>
          {words}
          <ul className={styles.mismatches} data-testid="claim-mismatches">
            {report.mismatches.map((mismatch, index) => (
              <li key={index}>
                {capitalise(mismatch.what)}: the gateway says <code>{mismatch.gateway}</code>; the bytes say{' '}
                <code>{mismatch.bytes}</code>.
              </li>
            ))}
          </ul>
          <p>
            A gateway that lies about what a transaction does is how owners are tricked into signing away a
            Safe. Sign only what the bytes do, and only if you meant that.
          </p>
        </Alert>
      </div>
    );
  }
  return (
    <div className={styles.verification}>
      {claimed}
      {report.decoded ? (
        <>
          <p className={styles.checked} data-testid="claim-verified">
            ✓ Decoded here from the transaction&apos;s bytes, which match its safeTxHash:
          </p>
          {words}
          {report.suppliedAbi.length > 0 && (
            <p className={styles.unchecked} data-testid="claim-supplied-abi">
              Calls to {report.suppliedAbi.join(', ')} are read with the ABI in your address book. Countersign
              cannot tell whether that ABI is the contract&apos;s own: keep only ABIs from its verified
              source.
            </p>
          )}
        </>
      ) : (
        <Alert tone="warn" title="Not decoded here" testId="claim-unverified">
          Countersign cannot decode this call itself, so the description above is the gateway&apos;s and is
          not checked. The call the bytes make:
          {words}
          <ul className={styles.abiLinks}>
            {report.undecoded.map((contract) => (
              <li key={contract}>
                <Link to={paths.addressBookAbi(contract)} data-testid="claim-add-abi">
                  Add the ABI of {contract} to your address book
                </Link>{' '}
                to decode calls to it here.
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {report.unchecked.map((text) => (
        <p key={text} className={styles.unchecked} data-testid="claim-unchecked">
          {text}: not checked.
        </p>
      ))}
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
