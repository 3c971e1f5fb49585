import { describe, expect, it } from 'vitest';
import { devnetChain, teamSafe, teamSafeAddress } from '../../testing';
import { MY_SAFES_MAX, cleanSafeName, parseMySafes, safeAccess, storedMySafes, type MySafe } from './mySafes';
import { resolveSafeInput } from './safeInput';

const entry = (overrides: Partial<MySafe> = {}): MySafe => ({
  chainId: '1337',
  shortName: 'local',
  address: teamSafeAddress,
  name: 'Team',
  origin: 'added',
  addedAt: 1_700_000_000_000,
  ...overrides,
});

const mainnet = { ...devnetChain, chainId: '1', chainName: 'Ethereum', shortName: 'eth' };
const chains = [devnetChain, mainnet];

describe('reading My Safes from storage', () => {
  it('reads back what it wrote', () => {
    const safes = [entry(), entry({ chainId: '1', shortName: 'eth', name: '', origin: 'created' })];
    expect(parseMySafes(storedMySafes(safes))).toEqual(safes);
  });

  it('treats other shapes as an empty list', () => {
    for (const stored of [null, '', [], 42, { version: 2, safes: [] }, { safes: {} }]) {
      expect(parseMySafes(stored), JSON.stringify(stored)).toEqual([]);
    }
  });

  it('drops the entries that break the rules and keeps the others', () => {
    const good = entry();
    const stored = {
      version: 1,
      safes: [
        { ...good, address: '0x1234' },
        { ...good, chainId: 'one' },
        { ...good, chainId: '01' },
        { ...good, shortName: 'x y' },
        { ...good, shortName: '<img src=x>' },
        null,
        'local:0x…',
        good,
      ],
    };
    expect(parseMySafes(stored)).toEqual([good]);
  });

  it('checksums addresses, repairs names and fills what may be missing', () => {
    const stored = {
      version: 1,
      safes: [
        {
          chainId: '1337',
          shortName: 'local',
          address: teamSafeAddress.toLowerCase(),
          name: `  Team\n${'x'.repeat(80)}`,
          origin: 'stolen',
        },
        { ...entry({ chainId: '1', shortName: 'eth' }), name: 42 },
      ],
    };
    const [first, second] = parseMySafes(stored);
    expect(first).toEqual({
      chainId: '1337',
      shortName: 'local',
      address: teamSafeAddress,
      name: `Team ${'x'.repeat(45)}`,
      origin: 'added',
      addedAt: 0,
    });
    expect(second?.name).toBe('');
  });

  it('keeps one entry per chain and address, and at most the limit', () => {
    const stored = storedMySafes([
      entry(),
      entry({ name: 'Again', address: teamSafeAddress.toLowerCase() as `0x${string}` }),
    ]);
    expect(parseMySafes(stored)).toEqual([entry()]);
    const many = Array.from({ length: MY_SAFES_MAX + 5 }, (_, index) =>
      entry({ address: `0x${(index + 1).toString(16).padStart(40, '0')}` as `0x${string}` }),
    );
    expect(parseMySafes(storedMySafes(many))).toHaveLength(MY_SAFES_MAX);
  });
});

describe('names', () => {
  it('are one trimmed line of at most 50 characters', () => {
    expect(cleanSafeName('  Team  ')).toBe('Team');
    expect(cleanSafeName('Team\u0000\tTreasury')).toBe('Team Treasury');
    expect(cleanSafeName('y'.repeat(60))).toHaveLength(50);
  });
});

describe('the address typed into "Add existing Safe"', () => {
  it('is on the selected chain when bare, and on the named chain when prefixed', () => {
    expect(resolveSafeInput(teamSafeAddress.toLowerCase(), chains, devnetChain)).toEqual({
      ok: true,
      chain: devnetChain,
      address: teamSafeAddress,
    });
    expect(resolveSafeInput(`eth:${teamSafeAddress}`, chains, devnetChain)).toEqual({
      ok: true,
      chain: mainnet,
      address: teamSafeAddress,
    });
    expect(resolveSafeInput(`LOCAL:${teamSafeAddress}`, chains, mainnet)).toMatchObject({
      ok: true,
      chain: devnetChain,
    });
  });

  it('says what is wrong otherwise', () => {
    expect(resolveSafeInput('', chains, devnetChain)).toMatchObject({
      ok: false,
      error: /Enter a Safe address/,
    });
    expect(resolveSafeInput('0x1234', chains, devnetChain)).toMatchObject({
      ok: false,
      error: /is not a valid address/,
    });
    expect(resolveSafeInput(`gno:${teamSafeAddress}`, chains, devnetChain)).toMatchObject({
      ok: false,
      error: 'Unknown chain short name "gno". Known short names: local, eth.',
    });
    expect(resolveSafeInput(teamSafeAddress, undefined, undefined)).toMatchObject({
      ok: false,
      error: /not loaded yet/,
    });
    expect(resolveSafeInput(teamSafeAddress, chains, undefined)).toMatchObject({
      ok: false,
      error: /No chain is selected/,
    });
  });
});

describe('access', () => {
  const [owner] = teamSafe.owners;
  it('is owner only once SafeInfo lists the connected account, in any letter case', () => {
    expect(safeAccess(teamSafe, owner!.value.toLowerCase())).toBe('owner');
    expect(safeAccess(teamSafe, '0x0000000000000000000000000000000000000009')).toBe('read-only');
    expect(safeAccess(teamSafe, undefined)).toBe('read-only');
    expect(safeAccess(undefined, owner!.value)).toBe('read-only');
  });
});
