import { describe, expect, it } from 'vitest';
import type { TransactionListPage, TransactionSummary } from '@countersign/gateway-api';
import { addressCaution, knownAddresses, sentToOf } from './addressCaution';

const SAFE = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const DAVE = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const CAROL = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
/** Same first 3 and last 4 hex digits as the address, another middle. */
const imitate = (address: string) => `0x${address.slice(2, 5)}${'0'.repeat(33)}${address.slice(-4)}`;

const info = (value: string) => ({ value, name: null, logoUri: null });
const transfer = (
  direction: 'INCOMING' | 'OUTGOING',
  counterparty: string,
  executed: boolean,
): TransactionSummary => ({
  id: `tx-${counterparty}-${direction}`,
  timestamp: 0,
  txStatus: 'SUCCESS',
  txInfo: {
    type: 'Transfer',
    sender: info(direction === 'OUTGOING' ? SAFE : counterparty),
    recipient: info(direction === 'OUTGOING' ? counterparty : SAFE),
    direction,
    transferInfo: { type: 'NATIVE_COIN', value: '1' },
    humanDescription: null,
  },
  executionInfo: executed
    ? {
        type: 'MULTISIG',
        nonce: 0,
        confirmationsRequired: 1,
        confirmationsSubmitted: 1,
        missingSigners: null,
      }
    : null,
  safeAppInfo: null,
  txHash: null,
  note: null,
});
const page = (next: string | null, ...transactions: TransactionSummary[]): TransactionListPage => ({
  count: null,
  next,
  previous: null,
  results: transactions.map((transaction) => ({ type: 'TRANSACTION', transaction, conflictType: 'None' })),
});
const history = (...pages: TransactionListPage[]) => ({ pages, pageParams: pages.map(() => null) });

describe('what the history says the Safe sent to', () => {
  it('counts the Safe’s own outgoing transfers, not incoming ones nor transfers it did not execute', () => {
    const sentTo = sentToOf(
      history(
        page(
          null,
          transfer('OUTGOING', DAVE, true),
          transfer('INCOMING', BOB, true),
          transfer('OUTGOING', CAROL, false),
        ),
      ),
    );
    expect([...sentTo.addresses]).toEqual([DAVE.toLowerCase()]);
    expect(sentTo.complete).toBe(true);
  });

  it('is not complete while the history has more pages', () => {
    expect(sentToOf(history(page('cursor', transfer('OUTGOING', DAVE, true)))).complete).toBe(false);
    expect(sentToOf(undefined).complete).toBe(false);
  });
});

describe('the caution for a typed address', () => {
  const sentTo = sentToOf(history(page(null, transfer('OUTGOING', DAVE, true))));
  const known = knownAddresses({ safe: SAFE, book: { [BOB]: 'Bob' }, owners: [ALICE, BOB], sentTo });
  const caution = (address: string, recipient = true) =>
    addressCaution(address, { known, sentTo, recipient });

  it('warns of a look-alike of a named entry, by the user’s name', () => {
    expect(caution(imitate(BOB)).warning).toBe(
      'Looks like “Bob” (0x3C44…93BC) but is a different address. Check every character.',
    );
  });

  it('warns of a look-alike of an unnamed owner, of the Safe, and of an address the Safe paid', () => {
    expect(caution(imitate(ALICE)).warning).toBe(
      'Looks like the owner 0x7099…79C8 but is a different address. Check every character.',
    );
    expect(caution(imitate(SAFE)).warning).toBe(
      'Looks like this Safe (0xe690…1590) but is a different address. Check every character.',
    );
    expect(caution(imitate(DAVE).toLowerCase()).warning).toBe(
      'Looks like 0x15d3…6A65, an address this Safe has sent to, but is a different address. Check every character.',
    );
  });

  it('does not warn of the known addresses themselves, in any letter case', () => {
    expect(caution(ALICE).warning).toBeUndefined();
    expect(caution(BOB.toLowerCase()).warning).toBeUndefined();
    expect(caution(DAVE.toLowerCase())).toEqual({});
  });

  it('notes a recipient the Safe has not sent to, saying how much history it read', () => {
    expect(caution(CAROL)).toEqual({ notice: 'This Safe has never sent anything to this address.' });
    const partial = sentToOf(history(page('cursor', transfer('OUTGOING', DAVE, true))));
    expect(addressCaution(CAROL, { known, sentTo: partial, recipient: true })).toEqual({
      notice: 'This Safe has not sent anything to this address in its recent history.',
    });
    // Not for an owner or a contract field, nor without a history to go by.
    expect(caution(CAROL, false)).toEqual({});
    expect(addressCaution(CAROL, { known, sentTo: undefined, recipient: true })).toEqual({});
  });
});
