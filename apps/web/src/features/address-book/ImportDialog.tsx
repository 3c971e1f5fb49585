import { Address, AddressNamesProvider, Alert, Button, Dialog } from '../../ui';
import { quoteValue, type CsvLineError } from './csv';
import type { ImportOutcome } from './importFile';
import type { ImportPlan } from './importPlan';
import { entryKey } from './entryList';
import styles from './ImportDialog.module.css';

/** Bad lines listed at most; a file with more says how many it leaves out. */
const MAX_LISTED_LINES = 100;
/** Entries previewed at most per group. */
const MAX_PREVIEWED = 50;

const noNames = () => undefined;

type Props = {
  open: boolean;
  outcome: ImportOutcome;
  chainLabel: (chainId: string) => string;
  onConfirm: (plan: ImportPlan) => void;
  onChooseAnother: () => void;
  onClose: () => void;
};

export function ImportDialog({ open, outcome, chainLabel, onConfirm, onChooseAnother, onClose }: Props) {
  if (outcome.kind !== 'plan') {
    return (
      <Dialog
        open={open}
        onClose={onClose}
        title="Nothing was imported"
        size="lg"
        testId="import-dialog"
        footer={
          <>
            <Button onClick={onClose}>Close</Button>
            <Button variant="primary" onClick={onChooseAnother}>
              Choose another file
            </Button>
          </>
        }
      >
        {outcome.kind === 'file-error' ? (
          <Alert tone="danger" title={<FileName name={outcome.fileName} />} testId="import-file-error">
            <p>{outcome.message}</p>
          </Alert>
        ) : (
          <LineErrors fileName={outcome.fileName} errors={outcome.errors} />
        )}
      </Dialog>
    );
  }

  const { plan } = outcome;
  const changes = plan.added.length + plan.renamed.length;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Import address book"
      size="lg"
      testId="import-dialog"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={changes === 0}
            onClick={() => onConfirm(plan)}
            data-testid="import-confirm"
          >
            {changes === 1 ? 'Import 1 name' : `Import ${changes} names`}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <p>
          <FileName name={outcome.fileName} /> is ready to import.
        </p>
        <p className={styles.summary} data-testid="import-summary">
          {plan.added.length} new, {plan.renamed.length} renamed
          {plan.unchanged.length > 0 && `, ${plan.unchanged.length} already the same`}
        </p>
        {changes === 0 && <p>Every name in this file is already in your address book.</p>}
        <AddressNamesProvider lookup={noNames}>
          {plan.renamed.length > 0 && (
            <section aria-labelledby="import-renamed" className={styles.group}>
              <h3 id="import-renamed">Renamed</h3>
              <ul
                className={styles.list}
                tabIndex={0}
                aria-labelledby="import-renamed"
                data-testid="import-renamed"
              >
                {plan.renamed.slice(0, MAX_PREVIEWED).map((entry) => (
                  <li key={entryKey(entry)} className={styles.item}>
                    <Address address={entry.address} name={entry.name} />
                    <span className={styles.meta}>
                      was “<bdi className={styles.quoted}>{entry.previousName}</bdi>” ·{' '}
                      {chainLabel(entry.chainId)}
                    </span>
                  </li>
                ))}
              </ul>
              <More count={plan.renamed.length} />
            </section>
          )}
          {plan.added.length > 0 && (
            <section aria-labelledby="import-added" className={styles.group}>
              <h3 id="import-added">New</h3>
              <ul
                className={styles.list}
                tabIndex={0}
                aria-labelledby="import-added"
                data-testid="import-added"
              >
                {plan.added.slice(0, MAX_PREVIEWED).map((entry) => (
                  <li key={entryKey(entry)} className={styles.item}>
                    <Address address={entry.address} name={entry.name} />
                    <span className={styles.meta}>{chainLabel(entry.chainId)}</span>
                  </li>
                ))}
              </ul>
              <More count={plan.added.length} />
            </section>
          )}
        </AddressNamesProvider>
      </div>
    </Dialog>
  );
}

function More({ count }: { count: number }) {
  return count > MAX_PREVIEWED ? <p className={styles.more}>and {count - MAX_PREVIEWED} more</p> : null;
}

function FileName({ name }: { name: string }) {
  return (
    <>
      “<bdi className={styles.quoted}>{name}</bdi>”
    </>
  );
}

function LineErrors({ fileName, errors }: { fileName: string; errors: CsvLineError[] }) {
  const listed = errors.slice(0, MAX_LISTED_LINES);
  return (
    <div className={styles.body}>
      <Alert tone="danger" testId="import-errors-summary">
        <p>
          <FileName name={fileName} /> has{' '}
          {errors.length === 1 ? 'a problem on 1 line' : `problems on ${errors.length} lines`}. An import is
          all or nothing: fix {errors.length === 1 ? 'it' : 'them'} and import the file again.
        </p>
      </Alert>
      <ol className={styles.errors} tabIndex={0} aria-label="Lines with problems" data-testid="import-errors">
        {listed.map((error) => (
          <li key={error.line} className={styles.error} data-testid="import-error" data-line={error.line}>
            <span className={styles.line}>Line {error.line}</span>
            <ul className={styles.problems}>
              {error.problems.map((problem, index) => (
                <li key={index}>
                  {problem.column !== undefined && <span className={styles.column}>{problem.column}: </span>}
                  {problem.message}
                  {problem.value !== undefined && (
                    <>
                      {' '}
                      <code className={styles.value}>{quoteValue(problem.value)}</code>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {errors.length > listed.length && (
        <p className={styles.more}>and {errors.length - listed.length} more lines with problems</p>
      )}
    </div>
  );
}
