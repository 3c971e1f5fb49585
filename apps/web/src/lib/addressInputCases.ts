import { ADDRESS_INPUT_TEXTS } from './address';
import type { AddressInputProblem } from './addressInput';

/**
 * The one table every address field is tested against: what a user may type and what each field
 * must make of it. Fields typed on a chain read its short name as `local`.
 */
export type AddressInputCase = {
  name: string;
  input: string;
  expected: { value: `0x${string}` } | { problem: AddressInputProblem };
};

/** anvil's second dev account, checksummed. */
export const CASE_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const CASE_SHORT_NAME = 'local';

const digits = CASE_ADDRESS.slice(2);

export const addressInputCases: readonly AddressInputCase[] = [
  { name: 'checksummed', input: CASE_ADDRESS, expected: { value: CASE_ADDRESS } },
  { name: 'all lower case', input: CASE_ADDRESS.toLowerCase(), expected: { value: CASE_ADDRESS } },
  { name: 'all upper case after 0x', input: `0x${digits.toUpperCase()}`, expected: { value: CASE_ADDRESS } },
  { name: 'surrounded by spaces', input: `  ${CASE_ADDRESS}\n`, expected: { value: CASE_ADDRESS } },
  {
    name: 'mixed case, wrong checksum',
    input: CASE_ADDRESS.replace('C8', 'c8'),
    expected: { problem: 'checksum' },
  },
  {
    name: 'mixed case, one letter flipped',
    input: CASE_ADDRESS.replace('dc3A', 'dC3A'),
    expected: { problem: 'checksum' },
  },
  { name: 'empty', input: '', expected: { problem: 'empty' } },
  { name: 'blank', input: '   ', expected: { problem: 'empty' } },
  { name: 'too short', input: '0x1234', expected: { problem: 'format' } },
  { name: 'too long', input: `${CASE_ADDRESS}00`, expected: { problem: 'format' } },
  { name: 'without 0x', input: digits, expected: { problem: 'format' } },
  { name: 'upper-case 0X', input: `0X${digits}`, expected: { problem: 'format' } },
  { name: 'not hexadecimal', input: `0x${'g'.repeat(40)}`, expected: { problem: 'format' } },
  { name: 'a name', input: 'vitalik.eth', expected: { problem: 'format' } },
  { name: "this chain's prefix", input: `local:${CASE_ADDRESS}`, expected: { value: CASE_ADDRESS } },
  {
    name: "this chain's prefix, upper case",
    input: `LOCAL:${CASE_ADDRESS.toLowerCase()}`,
    expected: { value: CASE_ADDRESS },
  },
  { name: "another chain's prefix", input: `eth:${CASE_ADDRESS}`, expected: { problem: 'otherChain' } },
  {
    name: "this chain's prefix, wrong checksum",
    input: `local:${CASE_ADDRESS.replace('C8', 'c8')}`,
    expected: { problem: 'checksum' },
  },
];

/** A field's words for the problems it may word its own way; the others are said the same everywhere. */
export type AddressFieldTexts = { empty: string; format: string; otherChain?: string };

/** What a field must answer for `testCase`, given its own words. */
export function expectedOutcome(
  testCase: AddressInputCase,
  texts: AddressFieldTexts,
): { ok: true; value: `0x${string}` } | { ok: false; error: string } {
  const { expected } = testCase;
  if ('value' in expected) return { ok: true, value: expected.value };
  const error = {
    empty: texts.empty,
    format: texts.format,
    checksum: ADDRESS_INPUT_TEXTS.checksum,
    otherChain: texts.otherChain ?? `This address is for the chain "eth", not ${CASE_SHORT_NAME}.`,
  }[expected.problem];
  return { ok: false, error };
}
