// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { TxAction } from '../draft';
import {
  addToBatch,
  batchDraft,
  batchKey,
  clearBatch,
  moveInBatch,
  parseStoredBatch,
  readBatch,
  removeFromBatch,
  storedBatch,
} from './batchStore';

const CHAIN = '1337';
const SAFE = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const action = (label: string, value = 0n): TxAction => ({ to: ALICE, value, data: '0x', label });
const labels = () => readBatch(CHAIN, SAFE).map((item) => item.action.label);

afterEach(() => localStorage.clear());

describe('the batch store', () => {
  it('keeps a batch per chain and Safe, bigints as decimal strings', () => {
    addToBatch(CHAIN, SAFE, action('one', 2n ** 255n));
    addToBatch(CHAIN, SAFE.toLowerCase(), action('two'));
    addToBatch('1', SAFE, action('elsewhere'));
    expect(labels()).toEqual(['one', 'two']);
    expect(readBatch(CHAIN, SAFE)[0]?.action.value).toBe(2n ** 255n);
    const raw = localStorage.getItem(batchKey(CHAIN, SAFE)) ?? '';
    expect(JSON.parse(raw)).toMatchObject({ version: 1, items: [{ value: (2n ** 255n).toString() }, {}] });
    expect(readBatch('1', SAFE)).toHaveLength(1);
  });

  it('moves items up and down, and does nothing past either end', () => {
    for (const label of ['a', 'b', 'c']) addToBatch(CHAIN, SAFE, action(label));
    const [a, b, c] = readBatch(CHAIN, SAFE);
    moveInBatch(CHAIN, SAFE, c!.id, -1);
    expect(labels()).toEqual(['a', 'c', 'b']);
    moveInBatch(CHAIN, SAFE, a!.id, -1);
    moveInBatch(CHAIN, SAFE, b!.id, 1);
    expect(labels()).toEqual(['a', 'c', 'b']);
    moveInBatch(CHAIN, SAFE, a!.id, 1);
    expect(labels()).toEqual(['c', 'a', 'b']);
  });

  it('removes one item, or all', () => {
    for (const label of ['a', 'b', 'c']) addToBatch(CHAIN, SAFE, action(label));
    removeFromBatch(CHAIN, SAFE, readBatch(CHAIN, SAFE)[1]!.id);
    expect(labels()).toEqual(['a', 'c']);
    expect(clearBatch(CHAIN, SAFE)).toBe(true);
    expect(labels()).toEqual([]);
    expect(localStorage.getItem(batchKey(CHAIN, SAFE))).toBeNull();
  });

  it('refuses a delegatecall, which MultiSendCallOnly cannot make', () => {
    expect(() => addToBatch(CHAIN, SAFE, { ...action('x'), operation: 1 })).toThrow(/delegatecall/);
  });

  it('builds one draft with every call in order', () => {
    addToBatch(CHAIN, SAFE, action('a', 1n));
    addToBatch(CHAIN, SAFE, action('b', 2n));
    expect(batchDraft(readBatch(CHAIN, SAFE))).toEqual({
      title: 'Batch of 2 transactions',
      actions: [
        { to: ALICE, value: 1n, data: '0x', operation: 0, label: 'a' },
        { to: ALICE, value: 2n, data: '0x', operation: 0, label: 'b' },
      ],
    });
  });
});

describe('parseStoredBatch', () => {
  const good = { id: 'abc', to: ALICE, value: '10', data: '0xa9059cbb', label: 'Send' };

  it('reads back what was written', () => {
    const items = parseStoredBatch(storedBatch(parseStoredBatch({ version: 1, items: [good] })));
    expect(items).toEqual([
      { id: 'abc', action: { to: ALICE, value: 10n, data: '0xa9059cbb', operation: 0, label: 'Send' } },
    ]);
  });

  it('leaves out damaged items and reads nothing from what is not a batch', () => {
    const items = [
      good,
      { ...good, id: 'b', to: '0x1234' },
      { ...good, id: 'c', value: '-1' },
      { ...good, id: 'd', value: '1.5' },
      { ...good, id: 'e', data: '0xabc' },
      { ...good, id: 'f', value: (2n ** 256n).toString() },
      { ...good, id: 'g', label: 5 },
      { ...good }, // the same id twice
      'junk',
    ];
    expect(parseStoredBatch({ version: 1, items }).map((item) => item.id)).toEqual(['abc']);
    expect(parseStoredBatch(null)).toEqual([]);
    expect(parseStoredBatch({ version: 2, items: [good] })).toEqual([]);
    expect(parseStoredBatch([good])).toEqual([]);
    expect(storedBatch([])).toBeUndefined();
  });
});
