import {
  encodeAbiParameters,
  encodeEventTopics,
  getAddress,
  pad,
  parseEventLogs,
  type Address,
  type Hex,
} from 'viem';
import { describe, expect, it } from 'vitest';
import {
  decodeCall,
  decodeSafeUpgrade,
  isTrustedDelegateCallTarget,
  knownContractName,
  safe130,
  safe141,
  safe150,
  safeAbi,
  safeChangeVerdicts,
  safeMigration141Address,
  safeProxyFactoryAbi,
  safeUpgradeCall,
  safeUpgradeOf,
  safeUpgradesOf,
  zeroAddress,
} from '../src';

const custom: Address = '0x000000000000000000000000000000000000bEEF';
const eip155SafeL2: Address = '0xfb1bffC9d739B8D520DaF37dF666da4C687191EA';

describe('the upgrade of a Safe 1.3.0 by SafeMigration 1.4.1', () => {
  it('is one delegatecall to the canonical SafeMigration with migrateL2WithFallbackHandler() for SafeL2 1.3.0', () => {
    const upgrade = safeUpgradeOf(
      { singleton: safe130.safeL2, fallbackHandler: safe130.compatibilityFallbackHandler },
      '1.4.1',
    );
    expect(upgrade).toEqual({
      method: 'migrateL2WithFallbackHandler',
      version: '1.4.1',
      migration: safeMigration141Address,
      singleton: safe141.safeL2,
      fallbackHandler: safe141.compatibilityFallbackHandler,
    });
    expect(safeUpgradeCall(upgrade!)).toEqual({
      to: '0x526643F69b81B008F46d95CD5ced5eC0edFFDaC6',
      value: 0n,
      data: '0x68cb3d94',
      operation: 1,
    });
  });

  it('keeps a Safe 1.3.0 non-L2 (canonical or EIP-155) on the non-L2 singleton', () => {
    const upgrade = safeUpgradeOf({ singleton: safe130.safe, fallbackHandler: null }, '1.4.1');
    expect(upgrade?.method).toBe('migrateWithFallbackHandler');
    expect(upgrade?.singleton).toBe(safe141.safe);
    expect(safeUpgradeCall(upgrade!).data).toBe('0xed007fc6');
    expect(
      safeUpgradeOf({ singleton: eip155SafeL2.toLowerCase(), fallbackHandler: zeroAddress }, '1.4.1')?.method,
    ).toBe('migrateL2WithFallbackHandler');
  });

  it('keeps a fallback handler of the owners’ own choosing', () => {
    const l2 = safeUpgradeOf({ singleton: safe130.safeL2, fallbackHandler: custom }, '1.4.1');
    expect(l2).toEqual({
      method: 'migrateL2Singleton',
      version: '1.4.1',
      migration: safeMigration141Address,
      singleton: safe141.safeL2,
      fallbackHandler: null,
    });
    expect(safeUpgradeCall(l2!).data).toBe('0x07f464a4');
    const plain = safeUpgradeOf({ singleton: safe130.safe, fallbackHandler: custom }, '1.4.1');
    expect(plain?.method).toBe('migrateSingleton');
    expect(safeUpgradeCall(plain!).data).toBe('0xf6682ab0');
  });

  it('offers nothing for a Safe it cannot upgrade: already 1.5.0, zkSync 1.3.0, unknown code', () => {
    for (const singleton of [
      safe150.safeL2,
      safe150.safe,
      '0x1727c2c531cf966f902E5927b98490fDFb3b2b70',
      custom,
      'not an address',
    ])
      expect(safeUpgradesOf({ singleton, fallbackHandler: null })).toEqual([]);
    expect(safeUpgradeOf({ singleton: safe141.safeL2, fallbackHandler: null }, '1.4.1')).toBeNull();
  });

  it('offers 1.5.0 and 1.4.1 to a 1.3.0 Safe and 1.5.0 to a 1.4.1 one, each through its own SafeMigration', () => {
    const from130 = safeUpgradesOf({ singleton: safe130.safeL2, fallbackHandler: null });
    expect(from130.map((upgrade) => [upgrade.version, upgrade.migration, upgrade.singleton])).toEqual([
      ['1.5.0', safe150.safeMigration, safe150.safeL2],
      ['1.4.1', safeMigration141Address, safe141.safeL2],
    ]);
    const from141 = safeUpgradesOf({
      singleton: safe141.safe,
      fallbackHandler: safe141.compatibilityFallbackHandler,
    });
    expect(from141).toEqual([
      {
        method: 'migrateWithFallbackHandler',
        version: '1.5.0',
        migration: safe150.safeMigration,
        singleton: safe150.safe,
        fallbackHandler: safe150.compatibilityFallbackHandler,
      },
    ]);
    const call = safeUpgradeCall(from141[0]!);
    expect(call).toMatchObject({ to: safe150.safeMigration, data: '0xed007fc6', operation: 1 });
    expect(decodeSafeUpgrade(call)).toEqual(from141[0]);
    expect(isTrustedDelegateCallTarget(safe150.safeMigration)).toBe(true);
  });

  it('reads an upgrade back from the bytes only for a value-less delegatecall to the canonical SafeMigration', () => {
    const call = safeUpgradeCall({
      method: 'migrateL2WithFallbackHandler',
      migration: safeMigration141Address,
    });
    expect(decodeSafeUpgrade(call)).toEqual({
      method: 'migrateL2WithFallbackHandler',
      version: '1.4.1',
      migration: safeMigration141Address,
      singleton: safe141.safeL2,
      fallbackHandler: safe141.compatibilityFallbackHandler,
    });
    expect(decodeSafeUpgrade({ ...call, to: call.to.toLowerCase() })?.method).toBe(
      'migrateL2WithFallbackHandler',
    );
    expect(decodeSafeUpgrade({ ...call, operation: 0 })).toBeNull();
    expect(decodeSafeUpgrade({ ...call, value: 1n })).toBeNull();
    expect(decodeSafeUpgrade({ ...call, to: custom })).toBeNull();
    expect(decodeSafeUpgrade({ ...call, data: '0x68cb3d9400' })).toBeNull();
    expect(decodeSafeUpgrade({ ...call, data: '0x12345678' })).toBeNull();
    expect(decodeCall(call.data)?.method).toBe('migrateL2WithFallbackHandler');
  });

  it('trusts a delegatecall to SafeMigration 1.4.1 and names it', () => {
    expect(isTrustedDelegateCallTarget(safeMigration141Address)).toBe(true);
    expect(isTrustedDelegateCallTarget(safeMigration141Address.toLowerCase())).toBe(true);
    expect(knownContractName(safeMigration141Address)).toBe('SafeMigration 1.4.1');
    expect(knownContractName(safe130.safeL2)).toBe('SafeL2 1.3.0');
    expect(knownContractName(safe130.compatibilityFallbackHandler)).toBe(
      'CompatibilityFallbackHandler 1.3.0',
    );
  });
});

describe('verdicts on changes to the Safe', () => {
  const upgradeChanges = [
    { kind: 'implementation', before: safe130.safeL2, after: safe141.safeL2 },
    {
      kind: 'fallbackHandler',
      before: safe130.compatibilityFallbackHandler,
      after: safe141.compatibilityFallbackHandler,
    },
  ] as const;

  it('shows an upgrade to a newer canonical singleton, and its fallback handler, as expected', () => {
    expect(safeChangeVerdicts(upgradeChanges.map((change) => ({ ...change })))).toEqual([
      { tone: 'warn', expected: 'upgrade', name: 'SafeL2 1.4.1' },
      { tone: 'warn', expected: 'upgrade', name: 'CompatibilityFallbackHandler 1.4.1' },
    ]);
  });

  it('calls a move from an L2 singleton to a plain one a danger that blinds indexers, even to a newer version', () => {
    const cases: [Address, Address][] = [
      [safe130.safeL2, safe141.safe], // migrateSingleton run on an L2 Safe
      [safe141.safeL2, safe141.safe],
      [safe130.safeL2, safe130.safe],
    ];
    for (const [before, after] of cases)
      expect(safeChangeVerdicts([{ kind: 'implementation', before, after }])).toEqual([
        { tone: 'danger', leavesL2: true },
      ]);
    // A plain Safe that stays plain is upgraded as expected.
    expect(
      safeChangeVerdicts([{ kind: 'implementation', before: safe130.safe, after: safe141.safe }]),
    ).toEqual([{ tone: 'warn', expected: 'upgrade', name: 'Safe 1.4.1' }]);
  });

  it('keeps the danger for anything else about the implementation', () => {
    const cases: [Address, Address][] = [
      [safe130.safeL2, custom], // to unknown code
      [custom, safe141.safeL2], // from unknown code: nobody knows what it did before
      [safe141.safeL2, safe130.safeL2], // a downgrade
      [safe141.safe, safe141.safeL2], // the same version
    ];
    for (const [before, after] of cases)
      expect(safeChangeVerdicts([{ kind: 'implementation', before, after }])).toEqual([{ tone: 'danger' }]);
  });

  it('keeps the danger for every other change, even beside an upgrade', () => {
    const verdicts = safeChangeVerdicts([
      { kind: 'implementation', before: safe130.safeL2, after: safe141.safeL2 },
      { kind: 'fallbackHandler', before: safe130.compatibilityFallbackHandler, after: custom },
      { kind: 'fallbackHandler', before: custom, after: safe130.compatibilityFallbackHandler },
      { kind: 'threshold', before: 2n, after: 1n },
      { kind: 'storage', slot: pad('0x07'), before: pad('0x00'), after: pad('0x01') },
    ]);
    expect(verdicts.map((verdict) => verdict.tone)).toEqual(['warn', 'danger', 'danger', 'danger', 'danger']);
    // A canonical fallback handler with no upgrade beside it is a change like any other.
    expect(
      safeChangeVerdicts([
        { kind: 'fallbackHandler', before: custom, after: safe141.compatibilityFallbackHandler },
      ]),
    ).toEqual([{ tone: 'danger' }]);
  });
});

describe('Safe 1.3.0 logs', () => {
  it('are read with the 1.4.1 ones: ExecutionSuccess and ProxyCreation without indexed arguments', () => {
    const txHash: Hex = `0x${'ab'.repeat(32)}`;
    const proxy = getAddress('0xf47e8221FDE7eD79027cD97c2c9cAcBd69677e85');
    const log = (address: Address, topics: Hex[], data: Hex) => ({
      address,
      topics: topics as [Hex, ...Hex[]],
      data,
      blockNumber: 1n,
      blockHash: pad('0x01'),
      logIndex: 0,
      transactionHash: pad('0x02'),
      transactionIndex: 0,
      removed: false,
    });
    const [executed] = parseEventLogs({
      abi: safeAbi,
      logs: [
        log(
          proxy,
          encodeEventTopics({ abi: safeAbi, eventName: 'ExecutionSuccess' }) as Hex[],
          encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }], [txHash, 0n]),
        ),
      ],
    });
    expect(executed?.eventName).toBe('ExecutionSuccess');
    expect(executed?.args).toEqual({ txHash, payment: 0n });
    const [created] = parseEventLogs({
      abi: safeProxyFactoryAbi,
      eventName: 'ProxyCreation',
      logs: [
        log(
          safe130.safeProxyFactory,
          encodeEventTopics({ abi: safeProxyFactoryAbi, eventName: 'ProxyCreation' }) as Hex[],
          encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [proxy, safe130.safeL2]),
        ),
      ],
    });
    expect(created?.args).toEqual({ proxy, singleton: safe130.safeL2 });
  });
});
