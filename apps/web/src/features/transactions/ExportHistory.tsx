import { useEffect, useRef, useState } from 'react';
import { downloadFile } from '../../lib/download';
import { useGateway } from '../../lib/ServicesProvider';
import { Button, DownloadIcon, useDescribeQueryError, useAddressName } from '../../ui';
import { useSafe } from '../safe';
import { collectHistoryRows, type ExportProgress } from './exportHistory';
import { csvCells, csvColumns, csvFileName } from './historyCsv';
import styles from './ExportHistory.module.css';

type ExportState =
  | { status: 'idle' }
  | { status: 'running'; progress: ExportProgress | null }
  | { status: 'done'; count: number; fileName: string }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

const numbers = new Intl.NumberFormat();

/** "Exported 1,200 of 10,000" */
export function progressText(progress: ExportProgress | null): string {
  if (progress === null) return 'Starting the export…';
  const done = numbers.format(progress.done);
  return progress.total === null
    ? `Exported ${done}`
    : `Exported ${done} of ${numbers.format(progress.total)}`;
}

/**
 * Export CSV: reads the whole history from the gateway (every page, by cursor), writes it as CSV and
 * downloads it, named after the Safe and the day. Progress is announced; Cancel stops it, and so
 * does leaving the page.
 */
export function ExportHistory() {
  const describeQueryError = useDescribeQueryError();
  const gateway = useGateway();
  const { chain, address } = useSafe();
  const name = useAddressName(address, null);
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'running', progress: null });
    try {
      // Loaded when an export starts: the CSV library stays out of the history's first paint.
      const writer = import('../../lib/csv');
      // Awaited after the pages are read; a failure is reported there, not as an unhandled rejection.
      writer.catch(() => undefined);
      const rows = await collectHistoryRows({
        fetchPage: (cursor, signal) =>
          gateway.getHistory({ chainId: chain.chainId, safeAddress: address, cursor }, { signal }),
        nativeCurrency: chain.nativeCurrency,
        signal: abort.signal,
        onProgress: (progress) => setState({ status: 'running', progress }),
      });
      const fileName = csvFileName(name ?? `${chain.shortName}-${address}`);
      const { writeCsv } = await writer;
      downloadFile(fileName, writeCsv(csvColumns, rows.map(csvCells)), 'text/csv;charset=utf-8');
      setState({ status: 'done', count: rows.length, fileName });
    } catch (error) {
      if (abort.signal.aborted) setState({ status: 'cancelled' });
      else setState({ status: 'failed', message: describeQueryError(error).message });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const running = state.status === 'running';
  return (
    <div className={styles.export}>
      {running ? (
        <Button onClick={() => controller.current?.abort()} data-testid="export-cancel">
          Cancel export
        </Button>
      ) : (
        <Button icon={<DownloadIcon />} onClick={() => void start()} data-testid="export-csv">
          Export CSV
        </Button>
      )}
      <p
        className={`${styles.status} ${state.status === 'failed' ? styles.failed : ''}`}
        role="status"
        aria-live="polite"
        data-testid="export-status"
      >
        {state.status === 'running' && progressText(state.progress)}
        {state.status === 'done' &&
          `Exported ${numbers.format(state.count)} transactions to ${state.fileName}`}
        {state.status === 'cancelled' && 'Export cancelled'}
        {state.status === 'failed' && `The export failed: ${state.message}`}
      </p>
    </div>
  );
}
