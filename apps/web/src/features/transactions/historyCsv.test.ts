import { describe, expect, it } from 'vitest';
import type { TransactionListEntry } from '@countersign/gateway-api';
import { writeCsv } from '../../lib/csv';
import { csvCells, csvColumns, csvFileName, csvRowOf, type CsvRow } from './historyCsv';
import {
  creation,
  custom,
  erc20,
  erc721,
  executed,
  native,
  outsider,
  recipient,
  safeAddress,
  settings,
  tokenAddress,
  transfer,
  unknownKind,
} from './testFixtures';

const eth = { symbol: 'ETH', decimals: 18 };
const row = (entry: TransactionListEntry) => csvRowOf(entry, eth);

describe('csvRowOf', () => {
  it('writes a transfer with its ISO date (UTC), on-chain hash, direction, counterparty, token and exact amount', () => {
    const item = executed(transfer(native('123456789012345678901')), {
      timestamp: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
      txHash: `0x${'ab'.repeat(32)}`,
    });
    expect(row(item)).toEqual({
      date: '2026-01-02T03:04:05.006Z',
      hash: `0x${'ab'.repeat(32)}`,
      type: 'Transfer',
      direction: 'OUTGOING',
      counterparty: recipient,
      token: 'ETH',
      amount: '123.456789012345678901',
    });
    const incoming = row(
      executed(transfer(erc20('100000000', { decimals: 6, tokenSymbol: 'DUSD' }), 'INCOMING')),
    );
    expect(incoming).toMatchObject({
      direction: 'INCOMING',
      counterparty: outsider,
      token: 'DUSD',
      amount: '100',
    });
  });

  it('writes the token address when a token has no symbol, and an NFT as its collection and id', () => {
    expect(row(executed(transfer(erc20('5', { tokenSymbol: null, decimals: 0 }))))).toMatchObject({
      token: tokenAddress,
      amount: '5',
    });
    expect(row(executed(transfer(erc721('5'), 'INCOMING'))))?.toMatchObject({ token: 'CSC #5', amount: '1' });
  });

  it('leaves direction empty when it is unknown, and the amount of a failed execution', () => {
    expect(row(executed(transfer(native('1'), 'UNKNOWN')))).toMatchObject({
      direction: '',
      amount: '0.000000000000000001',
    });
    expect(row(executed(transfer(erc20('1000')), { txStatus: 'FAILED' }))).toMatchObject({
      direction: 'OUTGOING',
      token: 'DEV',
      amount: '',
    });
  });

  it('names the other kinds, with the safeTxHash or the id when there is no on-chain hash', () => {
    const safeTxHash = `0x${'cd'.repeat(32)}`;
    const settingsRow = row(
      executed(settings({ type: 'CHANGE_THRESHOLD', threshold: 2 }), {
        txHash: null,
        id: `multisig_${safeAddress}_${safeTxHash}`,
      }),
    );
    expect(settingsRow).toMatchObject({
      type: 'SettingsChange',
      hash: safeTxHash,
      direction: '',
      amount: '',
    });
    expect(row(executed(custom({ value: '2000000000000000000' })))).toMatchObject({
      type: 'Custom',
      counterparty: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
      token: 'ETH',
      amount: '2',
    });
    expect(row(executed(creation, { id: `creation_${safeAddress}`, txHash: null }))).toMatchObject({
      type: 'Creation',
      hash: `creation_${safeAddress}`,
      counterparty: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    });
    expect(row(executed(unknownKind('SwapOrder')))).toMatchObject({ type: 'SwapOrder', amount: '' });
  });

  it('keeps an unreadable entry as a line of its own, and skips day labels', () => {
    expect(
      row({ type: 'UNREADABLE', raw: { transaction: { id: 'multisig_x_y', timestamp: 0 } }, issues: 'bad' }),
    ).toMatchObject({ type: 'Unreadable', hash: 'multisig_x_y', date: '1970-01-01T00:00:00.000Z' });
    expect(row({ type: 'UNREADABLE', raw: null, issues: 'bad' })).toMatchObject({
      type: 'Unreadable',
      hash: '',
    });
    expect(row({ type: 'DATE_LABEL', timestamp: 0 })).toBeUndefined();
  });
});

describe('the history as CSV', () => {
  const base: CsvRow = {
    date: '2026-01-02T03:04:05.006Z',
    hash: '0x01',
    type: 'Transfer',
    direction: 'INCOMING',
    counterparty: '0x02',
    token: 'DEV',
    amount: '1.5',
  };

  it('writes the header and quotes only what needs quoting', () => {
    expect(writeCsv(csvColumns, [csvCells(base)])).toBe(
      'date,hash,type,direction,counterparty,token,amount\r\n2026-01-02T03:04:05.006Z,0x01,Transfer,INCOMING,0x02,DEV,1.5',
    );
  });

  it('writes only the header for an empty history', () => {
    expect(writeCsv(csvColumns, []).trimEnd()).toBe('date,hash,type,direction,counterparty,token,amount');
  });
});

describe('csvFileName', () => {
  const day = new Date(2026, 4, 1, 12);
  it('names the file after the Safe and the day, with characters every system accepts', () => {
    expect(csvFileName('Team treasury', day)).toBe('Team-treasury-history-2026-05-01.csv');
    expect(csvFileName('local-0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590', day)).toBe(
      'local-0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590-history-2026-05-01.csv',
    );
    expect(csvFileName('../../etc/passwd', day)).toBe('etc-passwd-history-2026-05-01.csv');
    expect(csvFileName('<>:"/\\|?*', day)).toBe('safe-history-2026-05-01.csv');
  });
});
