import {
  safeTxHashOfId,
  type TransactionListEntry,
  type TransactionSummary,
  type TransferTxInfo,
} from '@countersign/gateway-api';
import { exactTokenAmount } from '../../ui/format';
import type { NativeCurrency } from './describe';

/** The history export: one line per transaction, in the order the gateway lists them (newest first). */
export const csvColumns = ['date', 'hash', 'type', 'direction', 'counterparty', 'token', 'amount'] as const;
export type CsvRow = Record<(typeof csvColumns)[number], string>;

/** A row's cells in the order of `csvColumns`. */
export const csvCells = (row: CsvRow): string[] => csvColumns.map((column) => row[column]);

const hashOf = (transaction: TransactionSummary): string =>
  transaction.txHash ?? safeTxHashOfId(transaction.id) ?? transaction.id;

const isPositive = (value: string | null) => {
  try {
    return value !== null && BigInt(value) > 0n;
  } catch {
    return false;
  }
};

const empty = { direction: '', counterparty: '', token: '', amount: '' };

/** What a transfer moved, in the export's columns. */
function transferMovement(info: TransferTxInfo, failed: boolean, native: NativeCurrency) {
  const direction = info.direction === 'UNKNOWN' ? '' : info.direction;
  const counterparty = (info.direction === 'INCOMING' ? info.sender : info.recipient).value;
  const transfer = info.transferInfo;
  // A failed execution moved nothing: its line says what was tried, without an amount.
  const amount = (value: () => string) => (failed ? '' : value());
  switch (transfer.type) {
    case 'NATIVE_COIN':
      return {
        direction,
        counterparty,
        token: native.symbol,
        amount:
          transfer.value === null
            ? ''
            : amount(() => exactTokenAmount(transfer.value ?? '0', native.decimals)),
      };
    case 'ERC20':
      return {
        direction,
        counterparty,
        token: transfer.tokenSymbol ?? transfer.tokenAddress,
        amount: amount(() => exactTokenAmount(transfer.value, transfer.decimals)),
      };
    case 'ERC721':
      return {
        direction,
        counterparty,
        token: `${transfer.tokenSymbol ?? transfer.tokenAddress} #${transfer.tokenId}`,
        amount: amount(() => '1'),
      };
    case 'UNKNOWN':
      return { ...empty, direction, counterparty };
  }
}

/** What one transaction moved, in the export's columns. */
function movement(transaction: TransactionSummary, native: NativeCurrency) {
  const info = transaction.txInfo;
  const failed = transaction.txStatus === 'FAILED';
  switch (info.type) {
    case 'Transfer':
      return transferMovement(info, failed, native);
    case 'Custom': {
      const sends = !failed && isPositive(info.value);
      return {
        ...empty,
        counterparty: info.to.value,
        token: sends ? native.symbol : '',
        amount: sends ? exactTokenAmount(info.value ?? '0', native.decimals) : '',
      };
    }
    case 'Creation':
      return { ...empty, counterparty: info.creator.value };
    default:
      return empty;
  }
}

/** The export's line for one history item; none for day labels. */
export function csvRowOf(entry: TransactionListEntry, native: NativeCurrency): CsvRow | undefined {
  if (entry.type === 'UNREADABLE') {
    const raw = entry.raw as { transaction?: { id?: unknown; txHash?: unknown; timestamp?: unknown } };
    const id = raw?.transaction?.txHash ?? raw?.transaction?.id;
    const timestamp = raw?.transaction?.timestamp;
    return {
      ...empty,
      date: typeof timestamp === 'number' ? isoDate(timestamp) : '',
      hash: typeof id === 'string' ? id : '',
      type: 'Unreadable',
    };
  }
  if (entry.type !== 'TRANSACTION') return undefined;
  const transaction = entry.transaction;
  const info = transaction.txInfo;
  return {
    date: isoDate(transaction.timestamp),
    hash: hashOf(transaction),
    type: info.type === 'Unknown' ? info.originalType : info.type,
    ...movement(transaction, native),
  };
}

function isoDate(timestamp: number): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** `Team-treasury-history-2026-05-01.csv`: the Safe's name (or chain and address) and the day. */
export function csvFileName(safeLabel: string, now: Date = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  const name =
    safeLabel
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 80) || 'safe';
  return `${name}-history-${day}.csv`;
}
