import { describe, expect, it } from 'vitest';
import type { ChainInfo } from '@countersign/gateway-api';
import { ADDRESS_INPUT_TEXTS } from '../../lib/address';
import { CASE_ADDRESS, addressInputCases } from '../../lib/addressInputCases';
import { invalidAddressMessage, parseSafeId } from './safeId';
import { openSafeTarget } from './safeInput';
import { formatSafeId, safeHomePath, splitSafeId } from './paths';

const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const lower = checksummed.toLowerCase();

describe('parseSafeId', () => {
  it('accepts a bare address in any letter case and checksums it', () => {
    expect(parseSafeId(lower)).toEqual({ ok: true, shortName: undefined, address: checksummed });
    expect(parseSafeId(`0x${lower.slice(2).toUpperCase()}`)).toEqual({
      ok: true,
      shortName: undefined,
      address: checksummed,
    });
  });

  it("takes a link's address whatever its letter case, but refuses a typed one with a wrong checksum", () => {
    const wrongCase = '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(parseSafeId(wrongCase)).toEqual({ ok: true, shortName: undefined, address: checksummed });
    expect(parseSafeId(wrongCase, 'typed')).toEqual({ ok: false, error: ADDRESS_INPUT_TEXTS.checksum });
  });

  it.each(addressInputCases)('reads the shared address case "$name" as typed', (testCase) => {
    const parsed = parseSafeId(testCase.input, 'typed');
    const { expected } = testCase;
    if ('value' in expected) expect(parsed).toMatchObject({ ok: true, address: expected.value });
    else if (expected.problem === 'otherChain')
      // The start page opens a Safe on any chain the gateway lists: the prefix chooses it.
      expect(parsed).toEqual({ ok: true, shortName: 'eth', address: CASE_ADDRESS });
    else
      expect(parsed).toEqual({
        ok: false,
        error: {
          empty: 'Enter a Safe address, e.g. 0x… or eth:0x….',
          format: invalidAddressMessage(testCase.input.trim()),
          checksum: ADDRESS_INPUT_TEXTS.checksum,
        }[expected.problem],
      });
  });

  it('accepts shortName:address and keeps the short name', () => {
    expect(parseSafeId(`eth:${lower}`)).toEqual({ ok: true, shortName: 'eth', address: checksummed });
    expect(parseSafeId(`base-sep:${checksummed}`)).toEqual({
      ok: true,
      shortName: 'base-sep',
      address: checksummed,
    });
  });

  it('ignores surrounding whitespace', () => {
    expect(parseSafeId(`  dev:${checksummed}\n`)).toEqual({
      ok: true,
      shortName: 'dev',
      address: checksummed,
    });
  });

  it('asks for an address when the input is empty', () => {
    expect(parseSafeId('   ')).toEqual({ ok: false, error: 'Enter a Safe address, e.g. 0x… or eth:0x….' });
  });

  it.each([
    ['too short', checksummed.slice(0, -1)],
    ['too long', `${checksummed}0`],
    ['no 0x prefix', checksummed.slice(2)],
    ['upper-case 0X prefix', `0X${checksummed.slice(2)}`],
    ['non-hex digit', `0x${'g'.repeat(40)}`],
    ['an ENS name', 'vitalik.eth'],
    ['two colons', `eth:dev:${checksummed}`],
    ['a short name with a space', `my chain:${checksummed}`],
    ['inner whitespace', `eth: ${checksummed}`],
  ])('rejects %s with the malformed-address message', (_label, input) => {
    expect(parseSafeId(input)).toEqual({ ok: false, error: invalidAddressMessage(input.trim()) });
  });

  it('explains an empty short name', () => {
    const result = parseSafeId(`:${checksummed}`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain('empty chain short name');
  });

  it('quotes the input in the message, shortened when it is long', () => {
    expect(invalidAddressMessage('0x123')).toBe(
      '"0x123" is not a valid address. Enter a 0x address of 40 hex characters, optionally prefixed with a chain short name like eth:0x….',
    );
    const long = 'x'.repeat(200);
    const message = invalidAddressMessage(long);
    expect(message.startsWith(`"${'x'.repeat(63)}…"`)).toBe(true);
    expect(message.length).toBeLessThan(200);
  });
});

describe('safe paths', () => {
  it('splits on the first colon only', () => {
    expect(splitSafeId('eth:0xabc')).toEqual({ shortName: 'eth', addressPart: '0xabc' });
    expect(splitSafeId('0xabc')).toEqual({ shortName: undefined, addressPart: '0xabc' });
    expect(splitSafeId('a:b:c')).toEqual({ shortName: 'a', addressPart: 'b:c' });
  });

  it('builds the overview path', () => {
    expect(formatSafeId('eth', checksummed)).toBe(`eth:${checksummed}`);
    expect(safeHomePath('dev', checksummed)).toBe(`/dev:${checksummed}/home`);
    expect(safeHomePath('dev', '0x?#/')).toBe('/dev:0x%3F%23%2F/home');
  });
});

describe('openSafeTarget', () => {
  const chains = [
    { chainId: '1', shortName: 'eth', chainName: 'Ethereum' },
    { chainId: '31337', shortName: 'dev', chainName: 'Devnet' },
  ] as ChainInfo[];
  const dev = chains[1];

  it('opens a bare address on the selected chain', () => {
    expect(openSafeTarget(lower, chains, dev)).toEqual({ ok: true, path: `/dev:${checksummed}/home` });
  });

  it('opens a prefixed address on its own chain, with the short name as the gateway writes it', () => {
    expect(openSafeTarget(`ETH:${lower}`, chains, dev)).toEqual({
      ok: true,
      path: `/eth:${checksummed}/home`,
    });
  });

  it('refuses a short name the gateway does not list', () => {
    expect(openSafeTarget(`gno:${lower}`, chains, dev)).toEqual({
      ok: false,
      error: 'Unknown chain short name "gno". Known short names: eth, dev.',
    });
  });

  it('lets a prefixed address through while the chain list is still loading', () => {
    expect(openSafeTarget(`gno:${lower}`, undefined, undefined)).toEqual({
      ok: true,
      path: `/gno:${checksummed}/home`,
    });
  });

  it('needs a selected chain for a bare address', () => {
    const result = openSafeTarget(lower, undefined, undefined);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain('No chain is selected');
  });

  it('reports a malformed address before anything else', () => {
    expect(openSafeTarget('eth:0x123', chains, dev)).toEqual({
      ok: false,
      error: invalidAddressMessage('eth:0x123'),
    });
  });
});
