import { describe, expect, it } from 'vitest';
import { findLookalike, looksAlike, vanityOf } from '../src';

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** `address` with its hex digit at `index` (after 0x) changed to `digit`. */
const withDigit = (address: string, index: number, digit: string) =>
  `0x${address.slice(2, 2 + index)}${digit}${address.slice(3 + index)}`;

describe('look-alike addresses', () => {
  it('flags an address with the same first 3 and last 4 digits and another middle', () => {
    const poisoned = withDigit(alice, 20, 'f');
    expect(poisoned).not.toBe(alice);
    expect(looksAlike(poisoned, alice)).toBe(true);
    expect(looksAlike(alice, poisoned)).toBe(true);
    // A whole different middle, as an attacker's generated address has.
    expect(looksAlike('0x709' + '1'.repeat(33) + '79c8', alice)).toBe(true);
  });

  it('does not flag the address itself, in any letter case', () => {
    expect(looksAlike(alice, alice)).toBe(false);
    expect(looksAlike(alice.toLowerCase(), alice)).toBe(false);
    expect(looksAlike(`0x${alice.slice(2).toUpperCase()}`, alice)).toBe(false);
  });

  it('compares the shown digits in any letter case', () => {
    const poisoned = withDigit(alice, 20, 'f').toLowerCase();
    expect(looksAlike(poisoned, alice)).toBe(true);
    expect(vanityOf(alice)).toBe(vanityOf(alice.toLowerCase()));
    expect(vanityOf(alice)).toBe('70979c8');
  });

  it('does not flag an address that differs in its first 3 or last 4 digits', () => {
    expect(looksAlike(withDigit(alice, 0, '8'), alice)).toBe(false);
    expect(looksAlike(withDigit(alice, 2, '0'), alice)).toBe(false);
    expect(looksAlike(withDigit(alice, 36, '0'), alice)).toBe(false);
    expect(looksAlike(withDigit(alice, 39, '0'), alice)).toBe(false);
  });

  it('finds the known address an address imitates, and none for a known or unrelated one', () => {
    const known = [
      { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', name: 'Bob' },
      { address: alice, name: 'Alice' },
    ];
    expect(findLookalike(withDigit(alice, 12, 'f'), known)?.name).toBe('Alice');
    expect(findLookalike(alice, known)).toBeUndefined();
    expect(findLookalike('0x90F79bf6EB2c4f870365E785982E1f101E93b906', known)).toBeUndefined();
  });
});
