import { describe, expect, it } from 'vitest';
import { safe130, safe141 } from '@countersign/safe-core';
import { safePaths } from '../safe';
import { needingAttention, safeHealth, type Finding, type HealthFacts } from './health';

const safe = '0x5afe5afE5afE5afE5afE5aFe5aFe5Afe5Afe5AfE';
const paths = safePaths('local', safe);
const [a, b, c] = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
] as const;
const stranger = '0x000000000000000000000000000000000000dEaD';

/** A healthy 2-of-3 Safe 1.4.1 on the canonical deployment, with nothing queued. */
const healthy: HealthFacts = {
  source: 'chain',
  owners: [a, b, c],
  threshold: 2,
  nonce: 5,
  version: '1.4.1',
  recommendedVersion: '1.4.1',
  gatewayVersionState: 'UP_TO_DATE',
  implementation: { address: safe141.safeL2, gatewayName: 'SafeL2 1.4.1' },
  fallbackHandler: { address: safe141.compatibilityFallbackHandler, gatewayName: null },
  modules: [],
  guard: null,
  contractOwners: [],
  queuedNonces: [],
};

const report = (overrides: Partial<HealthFacts>) => safeHealth({ ...healthy, ...overrides }, paths);
const find = (findings: Finding[], id: string) => findings.find((finding) => finding.id === id);

describe('safeHealth', () => {
  it('finds nothing needing attention in a healthy Safe', () => {
    const findings = report({});
    expect(needingAttention(findings)).toEqual([]);
    expect(findings.map((finding) => finding.id)).toEqual([
      'owners-ok',
      'implementation',
      'fallback-handler',
    ]);
  });

  it('calls a threshold of 1 with several owners a danger, linking to the threshold form', () => {
    const finding = find(report({ threshold: 1 }), 'threshold-one');
    expect(finding).toMatchObject({ tone: 'danger', title: 'Any one of the 3 owners can move everything' });
    expect(finding?.action?.to).toBe(paths.newTransactionOf('threshold'));
  });

  it('warns of a single owner, linking to add an owner', () => {
    const findings = report({ owners: [a], threshold: 1 });
    expect(find(findings, 'single-owner')).toMatchObject({
      tone: 'warn',
      action: { to: paths.newTransactionOf('add-owner') },
    });
    expect(find(findings, 'threshold-one')).toBeUndefined();
  });

  it('accepts the 1.3.0 singletons and calls any other implementation a danger', () => {
    expect(
      find(
        report({
          implementation: { address: '0x3E5c63644E683549055b9Be8653de26E0B4CD36E', gatewayName: null },
        }),
        'implementation',
      )?.tone,
    ).toBe('ok');
    const finding = find(
      report({ implementation: { address: stranger, gatewayName: 'Safe 1.4.1' } }),
      'implementation',
    );
    expect(finding?.tone).toBe('danger');
    // The gateway's name is shown as its claim, beside the address.
    expect(finding?.title).toContain('Safe 1.4.1 (0x0000…dEaD)');
    expect(report({ implementation: { address: stranger, gatewayName: null } })[0]?.id).toBe(
      'implementation',
    );
  });

  it('warns of a fallback handler that is not canonical and notes a missing one', () => {
    const other = find(
      report({ fallbackHandler: { address: stranger, gatewayName: null } }),
      'fallback-handler',
    );
    expect(other).toMatchObject({ tone: 'warn', action: { to: paths.newTransactionOf('fallback-handler') } });
    expect(find(report({ fallbackHandler: null }), 'fallback-handler')?.tone).toBe('info');
  });

  it('judges each module: canonical, named by the gateway only, or unknown', () => {
    const findings = report({
      modules: [
        { address: safe141.createCall, gatewayName: null },
        { address: b, gatewayName: 'Allowance module' },
        { address: stranger, gatewayName: null },
      ],
    });
    expect(find(findings, `module-${safe141.createCall.toLowerCase()}`)?.tone).toBe('info');
    expect(find(findings, `module-${b.toLowerCase()}`)?.tone).toBe('warn');
    const unknown = find(findings, `module-${stranger.toLowerCase()}`);
    expect(unknown).toMatchObject({ tone: 'danger', title: 'An unknown module is enabled: 0x0000…dEaD' });
    expect(unknown?.action?.to).toBe(paths.newTransactionOf('disable-module', { module: stranger }));
  });

  it('judges the guard: named, or unknown with a link to remove it', () => {
    expect(find(report({ guard: { address: stranger, gatewayName: 'Team guard' } }), 'guard')?.tone).toBe(
      'info',
    );
    expect(find(report({ guard: { address: stranger, gatewayName: null } }), 'guard')).toMatchObject({
      tone: 'warn',
      action: { to: paths.newTransactionOf('remove-guard') },
    });
    expect(find(report({}), 'guard')).toBeUndefined();
  });

  it('judges a module guard read from the chain, and says nothing when it was not read', () => {
    expect(
      find(report({ moduleGuard: { address: stranger, gatewayName: 'Team guard' } }), 'module-guard'),
    ).toMatchObject({
      tone: 'warn',
      title: 'A module guard is set: 0x0000…dEaD',
      action: { to: paths.newTransactionOf('remove-module-guard') },
    });
    expect(find(report({ moduleGuard: null }), 'module-guard')).toBeUndefined();
    expect(find(report({}), 'module-guard')).toBeUndefined();
  });

  it('finds an outdated version against the chain’s recommendation, else by the gateway’s judgement', () => {
    expect(find(report({ version: '1.3.0' }), 'outdated')).toMatchObject({
      tone: 'warn',
      title: 'The Safe runs an older version (1.3.0)',
    });
    expect(
      find(
        report({ version: '1.3.0', recommendedVersion: null, gatewayVersionState: 'UP_TO_DATE' }),
        'outdated',
      ),
    ).toBeUndefined();
    expect(
      find(report({ recommendedVersion: null, gatewayVersionState: 'OUTDATED' }), 'outdated'),
    ).toBeDefined();
    // The chain's version decides, not the gateway's word.
    expect(find(report({ gatewayVersionState: 'OUTDATED' }), 'outdated')).toBeUndefined();
  });

  it('links an outdated Safe 1.3.0 to the upgrade form, and says when this app cannot upgrade', () => {
    const legacy = {
      version: '1.3.0',
      implementation: { address: safe130.safeL2, gatewayName: null },
      fallbackHandler: { address: safe130.compatibilityFallbackHandler, gatewayName: null },
    };
    const upgradable = find(report(legacy), 'outdated');
    expect(upgradable).toMatchObject({
      tone: 'warn',
      action: { label: 'Upgrade to 1.4.1', to: paths.newTransactionOf('upgrade') },
    });
    expect(upgradable?.todo).toMatch(/^Upgrade it to 1\.4\.1 with the other owners/);
    // The gateway's SafeInfo (no chain answer yet) gives the same facts the same link.
    expect(find(report({ ...legacy, source: 'gateway' }), 'outdated')?.action?.to).toBe(
      paths.newTransactionOf('upgrade'),
    );
    // 1.2.0 (its singleton is no 1.3.0 one), or a 1.3.0 version on unknown code: no link.
    for (const older of [
      {
        version: '1.2.0',
        implementation: { address: '0x6851D6fDFAfD08c0295C392436245E5bc78B0185', gatewayName: null },
      },
      { version: '1.3.0', implementation: { address: stranger, gatewayName: null } },
    ]) {
      const finding = find(report(older), 'outdated');
      expect(finding?.action).toBeUndefined();
      expect(finding?.todo).toContain(
        `this app upgrades Safes 1.3.0 and 1.4.1 only and cannot upgrade ${older.version} yet`,
      );
    }
  });

  it('notes owners that are contracts, with a link to replace each', () => {
    const finding = find(report({ contractOwners: [c] }), `contract-owner-${c.toLowerCase()}`);
    expect(finding).toMatchObject({
      tone: 'info',
      action: { to: paths.newTransactionOf('swap-owner', { owner: c }) },
    });
  });

  it('flags a Safe already locked: fewer owners can sign than the threshold, each named with why', () => {
    const locked = report({
      contractOwners: [b, c],
      reach: {
        threshold: 2,
        signers: 1,
        reachable: false,
        owners: [
          { address: a, canSign: true },
          { address: b, canSign: false, why: 'contract' },
          { address: c, canSign: false, why: 'cycle' },
        ],
      },
    });
    const finding = find(locked, 'locked-out');
    expect(finding).toMatchObject({
      tone: 'danger',
      title: 'This Safe is locked: 1 of its 3 owners can sign, and it needs 2',
    });
    expect(finding?.why).toContain('0x3C44…93BC, a contract that is not a Safe');
    expect(finding?.why).toContain('0x90F7…b906, a Safe that could sign only through this Safe');
    expect(locked[0]?.id).toBe('locked-out');
    // Still within reach, but thin: a warning, not a lock.
    const thin = report({
      contractOwners: [c],
      reach: {
        threshold: 2,
        signers: 2,
        reachable: true,
        owners: [
          { address: a, canSign: true },
          { address: b, canSign: true },
          { address: c, canSign: false, why: 'locked-safe' },
        ],
      },
    });
    expect(find(thin, 'reach-thin')).toMatchObject({ tone: 'warn', title: '1 of the 3 owners cannot sign' });
    expect(find(thin, 'locked-out')).toBeUndefined();
  });

  it('warns of several transactions at one nonce, ignoring those already past', () => {
    const finding = find(report({ queuedNonces: [3, 3, 5, 5, 6] }), 'queue-conflicts');
    expect(finding).toMatchObject({ tone: 'warn', title: 'Several transactions wait at the same nonce (5)' });
    expect(finding?.action?.to).toBe(paths.queue);
    expect(find(report({ queuedNonces: [3, 3, 5, 6] }), 'queue-conflicts')).toBeUndefined();
  });

  it('says when the Safe enables more modules than were read', () => {
    expect(find(report({}), 'modules-cut')).toBeUndefined();
    const modules = Array.from({ length: 500 }, (_, i) => ({
      address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
      gatewayName: null,
    }));
    const finding = find(report({ modules, modulesCut: true }), 'modules-cut');
    expect(finding).toMatchObject({
      tone: 'danger',
      title: 'More than 500 modules are enabled',
      action: { to: paths.settings('modules') },
    });
  });

  it('explains an owner’s rejection beside a transaction as a cancellation, not an attack', () => {
    const facts = { queuedNonces: [5, 5, 6, 6, 6], rejectionNonces: [5, 6] };
    const cancelling = find(report(facts), 'queue-rejections');
    expect(cancelling).toMatchObject({
      tone: 'info',
      title: 'A rejection waits beside a transaction at nonce 5',
      action: { to: paths.queue },
    });
    expect(cancelling?.why).not.toContain('slip');
    // Three at one nonce, a rejection among them: still a conflict to look at.
    expect(find(report(facts), 'queue-conflicts')).toMatchObject({
      tone: 'warn',
      title: 'Several transactions wait at the same nonce (6)',
    });
    expect(find(report({ queuedNonces: [5, 5], rejectionNonces: [5] }), 'queue-conflicts')).toBeUndefined();
  });

  it('warns of nonces the queue skips, linking to fill the first', () => {
    const finding = find(report({ queuedNonces: [5, 7, 9] }), 'queue-gap');
    expect(finding).toMatchObject({ tone: 'warn', title: 'The queue skips nonces 6, 8' });
    expect(finding?.action?.to).toBe(paths.rejectTransaction(6));
    expect(find(report({ queuedNonces: [6] }), 'queue-gap')?.title).toBe('The queue skips nonce 5');
    expect(find(report({ queuedNonces: [5, 6] }), 'queue-gap')).toBeUndefined();
    expect(find(report({ queuedNonces: undefined }), 'queue-gap')).toBeUndefined();
  });

  it('puts dangers first', () => {
    const tones = report({ threshold: 1, version: '1.3.0', queuedNonces: [7] }).map(
      (finding) => finding.tone,
    );
    expect(tones).toEqual(
      [...tones].sort(
        (x, y) => ['danger', 'warn', 'info', 'ok'].indexOf(x) - ['danger', 'warn', 'info', 'ok'].indexOf(y),
      ),
    );
    expect(tones[0]).toBe('danger');
  });
});

describe('the factory finding', () => {
  const creation = `0x${'c0'.repeat(32)}`;
  const checked = (factory: string, gatewayFactory = factory): HealthFacts['factory'] => ({
    status: 'checked',
    factory,
    gatewayFactory,
    transactionHash: creation,
  });

  it('is absent until the creation is read (the home does not read it)', () => {
    expect(find(report({}), 'factory')).toBeUndefined();
  });

  it('names a canonical factory, 1.4.1 or 1.3.0, as ok', () => {
    expect(find(report({ factory: checked(safe141.safeProxyFactory) }), 'factory')).toMatchObject({
      tone: 'ok',
      title: 'The Safe was created by SafeProxyFactory 1.4.1',
    });
    expect(
      find(report({ factory: checked('0xa6B71E26C5e0845f74c812102Ca7114b6a896AB2') }), 'factory'),
    ).toMatchObject({ tone: 'ok', title: 'The Safe was created by GnosisSafeProxyFactory 1.3.0' });
  });

  it('warns about any other factory, saying why it matters and what to do', () => {
    const findings = report({ factory: checked(stranger) });
    const finding = find(findings, 'factory');
    expect(finding).toMatchObject({
      tone: 'warn',
      title: 'The Safe was created by a factory that is not a Safe deployment: 0x0000…dEaD',
    });
    expect(finding?.why).toContain('A factory decides the code a new Safe is given and runs its first setup');
    expect(finding?.todo).toContain('or move the funds to a Safe created by a canonical factory');
    expect(needingAttention(findings)).toEqual([finding]);
  });

  it('goes by the chain, naming a gateway claim that differs', () => {
    const finding = find(report({ factory: checked(stranger, safe141.safeProxyFactory) }), 'factory');
    expect(finding?.tone).toBe('warn');
    expect(finding?.why).toContain('The gateway named 0x4e1D…ec67 instead: its claim is wrong.');
    expect(find(report({ factory: checked(safe141.safeProxyFactory, stranger) }), 'factory')?.tone).toBe(
      'ok',
    );
  });

  it('says plainly what could not be checked, never as checked', () => {
    const reason = 'The gateway does not know the transaction that created this Safe.';
    const finding = find(report({ factory: { status: 'unchecked', reason } }), 'factory');
    expect(finding).toMatchObject({
      tone: 'info',
      title: 'Which factory created this Safe could not be checked',
    });
    expect(finding?.why).toContain(reason);
    expect(finding?.title).not.toContain('SafeProxyFactory');
  });
});
