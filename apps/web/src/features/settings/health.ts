import type { ImplementationVersionState } from '@countersign/gateway-api';
import {
  canonicalFallbackHandlerName,
  canonicalProxyFactoryName,
  canonicalSingletonName,
  knownContractName,
  safeUpgradesOf,
  versionAtLeast,
} from '@countersign/safe-core';
import type { Address } from 'viem';
import { cannotSignWords, type Reach } from '../nested-safes';
import { recommendedSafeVersion, type SafePaths } from '../safe';

/** A contract the Safe uses, with the name the gateway gives it (a claim, never proof). */
export type NamedContract = { address: string; gatewayName: string | null };

/**
 * What the health report is computed from. Owners, threshold, nonce, version, modules, guard,
 * implementation and fallback handler come from the chain when it answered (`source: 'chain'`),
 * else from the gateway's SafeInfo. `contractOwners` and `queuedNonces` are undefined until read.
 */
export type HealthFacts = {
  source: 'chain' | 'gateway';
  owners: readonly string[];
  threshold: number;
  nonce: number;
  version: string | null;
  /** The version the chain's configuration recommends, if it names one. */
  recommendedVersion: string | null;
  /** The gateway's judgement, used only when no recommended version is known. */
  gatewayVersionState: ImplementationVersionState;
  implementation: NamedContract;
  fallbackHandler: NamedContract | null;
  modules: readonly NamedContract[];
  /** The chain's module list was longer than was read (500): `modules` is not all there. */
  modulesCut?: boolean;
  guard: NamedContract | null;
  /** The module guard (Safe 1.5.0), read from the chain only: undefined when it was not read. */
  moduleGuard?: NamedContract | null;
  contractOwners?: readonly string[];
  /**
   * Whether the owners can still reach the threshold, followed down the owners that are Safes; read
   * only when an owner is a contract (undefined until then).
   */
  reach?: Reach;
  /** The nonces of the multisig transactions in the queue (a nonce twice: two proposals). */
  queuedNonces?: readonly number[];
  /** The nonces at which one of the queued transactions is an on-chain rejection (the gateway's word). */
  rejectionNonces?: readonly number[];
  /** Which factory created the Safe, as its creation transaction shows on the chain; undefined until read. */
  factory?: FactoryCheck;
};

/**
 * The factory that created the Safe: the contract whose ProxyCreation event in the creation
 * transaction's receipt names the Safe (`gatewayFactory`: what the gateway claimed), or why that
 * could not be read.
 */
export type FactoryCheck =
  | { status: 'checked'; factory: string; gatewayFactory: string; transactionHash: string }
  | { status: 'unchecked'; reason: string };

export type FindingTone = 'danger' | 'warn' | 'info' | 'ok';

export type Finding = {
  /** Stable per finding (and per module or owner), for keys and tests. */
  id: string;
  tone: FindingTone;
  title: string;
  why: string;
  todo: string;
  action?: { label: string; to: string };
};

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
const canonicalName = (address: string): string | null => {
  try {
    return knownContractName(address as Address);
  } catch {
    return null;
  }
};
const named = (contract: NamedContract) =>
  contract.gatewayName ? `${contract.gatewayName} (${short(contract.address)})` : short(contract.address);

function ownerFindings(facts: HealthFacts, paths: SafePaths): Finding[] {
  const owners = facts.owners.length;
  if (owners === 1)
    return [
      {
        id: 'single-owner',
        tone: 'warn',
        title: 'A single owner controls this Safe',
        why: 'If that owner’s key is lost, the Safe and everything in it are lost; if it is stolen, the thief can take everything at once.',
        todo: 'Add owners you trust, on other devices, and then require more than one of them to confirm.',
        action: { label: 'Add owner', to: paths.newTransactionOf('add-owner') },
      },
    ];
  if (facts.threshold === 1)
    return [
      {
        id: 'threshold-one',
        tone: 'danger',
        title: `Any one of the ${owners} owners can move everything`,
        why: 'With a threshold of 1, a single stolen or misused key is enough to empty the Safe; the other owners cannot stop it.',
        todo: 'Require at least 2 confirmations, so that no one owner acts alone.',
        action: { label: 'Change threshold', to: paths.newTransactionOf('threshold') },
      },
    ];
  return [
    {
      id: 'owners-ok',
      tone: 'ok',
      title: `${facts.threshold} of ${owners} owners must confirm`,
      why: 'No single key can move the Safe’s funds.',
      todo: 'Nothing to do.',
    },
  ];
}

function implementationFinding(facts: HealthFacts): Finding {
  const name = canonicalSingletonName(facts.implementation.address);
  if (name !== null)
    return {
      id: 'implementation',
      tone: 'ok',
      title: `The Safe runs ${name}`,
      why: 'Its implementation is a canonical Safe deployment.',
      todo: 'Nothing to do.',
    };
  return {
    id: 'implementation',
    tone: 'danger',
    title: `The Safe runs an implementation that is not a Safe deployment: ${named(facts.implementation)}`,
    why: 'Every transaction of this Safe runs this contract’s code. A contract that is not a canonical Safe deployment may ignore the owners, the threshold or both; this is how the 2025 delegatecall attack took over Safes.',
    todo: 'Do not sign or deposit anything until you know who changed it and why. Ask the Safe’s owners, and move funds out through a Safe you trust if nobody does.',
  };
}

function fallbackHandlerFinding(facts: HealthFacts, paths: SafePaths): Finding {
  const handler = facts.fallbackHandler;
  const change = { label: 'Change fallback handler', to: paths.newTransactionOf('fallback-handler') };
  if (handler === null)
    return {
      id: 'fallback-handler',
      tone: 'info',
      title: 'The Safe has no fallback handler',
      why: 'Without one the Safe cannot confirm its signed messages to apps (EIP-1271), and some tokens cannot be sent to it.',
      todo: 'If apps need the Safe to sign messages, set the canonical CompatibilityFallbackHandler.',
      action: change,
    };
  const name = canonicalFallbackHandlerName(handler.address);
  if (name !== null)
    return {
      id: 'fallback-handler',
      tone: 'ok',
      title: `The fallback handler is ${name}`,
      why: 'It is a canonical Safe deployment.',
      todo: 'Nothing to do.',
    };
  return {
    id: 'fallback-handler',
    tone: 'warn',
    title: `The fallback handler is not a Safe deployment: ${named(handler)}`,
    why: 'The fallback handler answers every call the Safe does not implement itself, including whether a message was signed by the Safe. An unknown one can make apps accept signatures the owners never gave.',
    todo: 'Unless you set it on purpose and know its code, change it to the canonical CompatibilityFallbackHandler.',
    action: change,
  };
}

function moduleFindings(facts: HealthFacts, paths: SafePaths): Finding[] {
  const cut: Finding[] = facts.modulesCut
    ? [
        {
          id: 'modules-cut',
          tone: 'danger',
          title: `More than ${facts.modules.length} modules are enabled`,
          why: 'Each module can execute transactions from this Safe without the owners’ confirmations. The Safe lists more than this app reads, so the ones past them are not shown here or checked.',
          todo: 'Find out who enabled so many, and disable those you do not use.',
          action: { label: 'Open the modules', to: paths.settings('modules') },
        },
      ]
    : [];
  return [...cut, ...enabledModuleFindings(facts, paths)];
}

function enabledModuleFindings(facts: HealthFacts, paths: SafePaths): Finding[] {
  return facts.modules.map((module) => {
    const id = `module-${module.address.toLowerCase()}`;
    const action = {
      label: 'Disable module',
      to: paths.newTransactionOf('disable-module', { module: module.address }),
    };
    const canonical = canonicalName(module.address);
    if (canonical !== null)
      return {
        id,
        tone: 'info',
        title: `Module ${canonical} is enabled`,
        why: 'A module can execute transactions from this Safe without the owners’ confirmations. This one is a canonical Safe contract.',
        todo: 'Keep it only if you still use it.',
        action,
      };
    if (module.gatewayName)
      return {
        id,
        tone: 'warn',
        title: `Module ${named(module)} is enabled`,
        why: 'A module can execute transactions from this Safe without the owners’ confirmations. The gateway names it, but that name is not verified by this app.',
        todo: 'Keep it only if the owners enabled it on purpose and still use it.',
        action,
      };
    return {
      id,
      tone: 'danger',
      title: `An unknown module is enabled: ${short(module.address)}`,
      why: 'A module can execute transactions from this Safe without the owners’ confirmations, and nothing is known about this one. Whoever controls it can take the Safe’s funds.',
      todo: 'Disable it unless the owners enabled it on purpose and know its code.',
      action,
    };
  });
}

function guardFinding(facts: HealthFacts, paths: SafePaths): Finding[] {
  const guard = facts.guard;
  if (guard === null) return [];
  const action = { label: 'Remove guard', to: paths.newTransactionOf('remove-guard') };
  const why =
    'A guard checks every transaction of this Safe and can block it, even one the owners confirmed. A faulty or hostile guard can lock the Safe.';
  const canonical = canonicalName(guard.address);
  const known = canonical ?? guard.gatewayName;
  if (known)
    return [
      {
        id: 'guard',
        tone: 'info',
        title: `Guard ${known} is set`,
        why: `${why} ${canonical ? 'This one is a canonical Safe contract.' : 'The gateway names this one; the name is not verified by this app.'}`,
        todo: 'Keep it only if the owners set it on purpose.',
        action,
      },
    ];
  return [
    {
      id: 'guard',
      tone: 'warn',
      title: `An unknown guard is set: ${short(guard.address)}`,
      why: `${why} Nothing is known about this one.`,
      todo: 'Remove it unless the owners set it on purpose and know its code.',
      action,
    },
  ];
}

function moduleGuardFinding(facts: HealthFacts, paths: SafePaths): Finding[] {
  const guard = facts.moduleGuard;
  if (guard === undefined || guard === null) return [];
  const canonical = canonicalName(guard.address);
  return [
    {
      id: 'module-guard',
      tone: canonical ? 'info' : 'warn',
      title: canonical
        ? `Module guard ${canonical} is set`
        : `A module guard is set: ${short(guard.address)}`,
      why: `A module guard checks every transaction a module makes and can block them all, a recovery module's included. ${canonical ? 'This one is a canonical Safe contract.' : 'Nothing is known about this one.'}`,
      todo: 'Keep it only if the owners set it on purpose and know its code.',
      action: { label: 'Remove module guard', to: paths.newTransactionOf('remove-module-guard') },
    },
  ];
}

function versionFinding(facts: HealthFacts, paths: SafePaths): Finding[] {
  const outdated =
    facts.recommendedVersion !== null && facts.version !== null
      ? !versionAtLeast(facts.version, facts.recommendedVersion)
      : facts.gatewayVersionState === 'OUTDATED';
  if (!outdated) return [];
  // Only what a canonical SafeMigration upgrades: a canonical 1.3.0 or 1.4.1 singleton.
  const upgrades = safeUpgradesOf({
    singleton: facts.implementation.address,
    fallbackHandler: facts.fallbackHandler?.address ?? null,
  });
  const upgrade = upgrades.find((option) => option.version === recommendedSafeVersion) ?? upgrades[0] ?? null;
  const finding: Finding = {
    id: 'outdated',
    tone: 'warn',
    title: `The Safe runs an older version (${facts.version ?? 'unknown'})`,
    why: `${facts.recommendedVersion ? `This chain recommends ${facts.recommendedVersion}. ` : ''}Older versions lack fixes and checks of the newer ones, and some apps no longer support them.`,
    todo: upgrade
      ? `Upgrade it to ${upgrade.version} with the other owners: one Safe transaction they confirm, which keeps the owners, threshold, modules and funds.`
      : `Plan an upgrade with the other owners: this app upgrades Safes 1.3.0 and 1.4.1 only and cannot upgrade ${facts.version ?? 'this version'} yet.`,
  };
  if (upgrade)
    finding.action = { label: `Upgrade to ${upgrade.version}`, to: paths.newTransactionOf('upgrade') };
  return [finding];
}

function contractOwnerFindings(facts: HealthFacts, paths: SafePaths): Finding[] {
  return (facts.contractOwners ?? []).map((owner) => ({
    id: `contract-owner-${owner.toLowerCase()}`,
    tone: 'info',
    title: `Owner ${short(owner)} is a contract`,
    why: 'A contract confirms through its own rules (EIP-1271), not with a key: whoever controls that contract acts as this owner. It is fine for another Safe you control.',
    todo: 'Check who controls it. Replace it if nobody among the owners does.',
    action: { label: 'Replace owner', to: paths.newTransactionOf('swap-owner', { owner }) },
  }));
}

/** A Safe whose owners that can sign are fewer than its threshold: nothing can be executed from it. */
function reachFindings(facts: HealthFacts): Finding[] {
  const reach = facts.reach;
  if (reach === undefined) return [];
  const blocked = reach.owners.filter((owner) => !owner.canSign);
  if (blocked.length === 0) return [];
  const who = blocked
    .map(
      (owner) => `${short(owner.address)}, ${owner.why ? cannotSignWords[owner.why] : 'which cannot sign'}`,
    )
    .join('; ');
  if (!reach.reachable)
    return [
      {
        id: 'locked-out',
        tone: 'danger',
        title: `This Safe is locked: ${reach.signers} of its ${reach.owners.length} owners can sign, and it needs ${reach.threshold}`,
        why: `No transaction can reach the threshold, so nothing can be executed from it and its funds stay where they are. Owners that cannot sign: ${who}.`,
        todo: 'Fix the owners that cannot sign (a parent Safe’s own owners, say) if you can; an enabled module can still act for it. Send nothing more to this Safe.',
      },
    ];
  return [
    {
      id: 'reach-thin',
      tone: 'warn',
      title: `${blocked.length} of the ${reach.owners.length} owners cannot sign`,
      why: `The threshold of ${reach.threshold} is still within reach of the ${reach.signers} that can, but those cannot count: ${who}.`,
      todo: 'Replace the owners that cannot sign before one more is lost.',
    },
  ];
}

function queueFindings(facts: HealthFacts, paths: SafePaths): Finding[] {
  if (facts.queuedNonces === undefined) return [];
  const counts = new Map<number, number>();
  for (const nonce of facts.queuedNonces)
    if (nonce >= facts.nonce) counts.set(nonce, (counts.get(nonce) ?? 0) + 1);
  const found: Finding[] = [];
  const rejections = new Set(facts.rejectionNonces ?? []);
  const shared = [...counts].filter(([, count]) => count > 1);
  // A transaction and the rejection an owner proposed beside it: how owners cancel, not an attack.
  const cancelling = shared.filter(([nonce, count]) => count === 2 && rejections.has(nonce)).map(([n]) => n);
  const conflicts = shared.map(([nonce]) => nonce).filter((nonce) => !cancelling.includes(nonce));
  conflicts.sort((a, b) => a - b);
  cancelling.sort((a, b) => a - b);
  if (cancelling.length > 0)
    found.push({
      id: 'queue-rejections',
      tone: 'info',
      title: `A rejection waits beside a transaction at nonce${cancelling.length > 1 ? 's' : ''} ${cancelling.join(', ')}`,
      why: 'An owner proposed to cancel the transaction there: executing the rejection uses the nonce, so the transaction beside it can never run. Either one runs, not both.',
      todo: 'Confirm the rejection if you agree to cancel, or confirm the transaction to let it run instead.',
      action: { label: 'Open the queue', to: paths.queue },
    });
  if (conflicts.length > 0)
    found.push({
      id: 'queue-conflicts',
      tone: 'warn',
      title: `Several transactions wait at the same nonce (${conflicts.join(', ')})`,
      why: 'Only one transaction per nonce can run; executing one cancels the others. Unless an owner meant to replace a transaction, someone may be trying to slip a different one past the owners.',
      todo: 'Compare the transactions at that nonce, confirm only the one you meant, and reject the others.',
      action: { label: 'Open the queue', to: paths.queue },
    });
  const highest = Math.max(...counts.keys());
  const missing: number[] = [];
  for (let nonce = facts.nonce; nonce < highest && missing.length < 10; nonce++)
    if (!counts.has(nonce)) missing.push(nonce);
  const first = missing[0];
  if (first !== undefined)
    found.push({
      id: 'queue-gap',
      tone: 'warn',
      title: `The queue skips nonce${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
      why: 'Transactions run in nonce order. Nothing after a missing nonce can run until a transaction at that nonce does, and whoever proposes one there first decides what runs next.',
      todo: 'Propose a transaction at the missing nonce (an empty rejection will do), or reject the transactions after it.',
      action: { label: `Fill nonce ${first}`, to: paths.rejectTransaction(first) },
    });
  return found;
}

function factoryFinding(check: FactoryCheck | undefined): Finding[] {
  if (check === undefined) return [];
  if (check.status === 'unchecked')
    return [
      {
        id: 'factory',
        tone: 'info',
        title: 'Which factory created this Safe could not be checked',
        why: `${check.reason} The factory decides the code the Safe was given and its first setup, so this stays unknown.`,
        todo: 'Nothing is known to be wrong. If you did not create this Safe yourself, ask who did and with which app.',
      },
    ];
  const claim =
    check.gatewayFactory.toLowerCase() === check.factory.toLowerCase()
      ? ''
      : ` The gateway named ${short(check.gatewayFactory)} instead: its claim is wrong.`;
  const name = canonicalProxyFactoryName(check.factory);
  if (name !== null)
    return [
      {
        id: 'factory',
        tone: 'ok',
        title: `The Safe was created by ${name}`,
        why: `Its creation transaction on the chain shows a canonical Safe factory.${claim}`,
        todo: 'Nothing to do.',
      },
    ];
  return [
    {
      id: 'factory',
      tone: 'warn',
      title: `The Safe was created by a factory that is not a Safe deployment: ${short(check.factory)}`,
      why: `A factory decides the code a new Safe is given and runs its first setup: one that is not a canonical Safe deployment could have set up owners, modules or code the owners never saw.${claim}`,
      todo: 'Check that the Safe’s code is a canonical Safe proxy and that its owners, modules and guard are the ones you expect, or move the funds to a Safe created by a canonical factory.',
    },
  ];
}

const toneOrder: Record<FindingTone, number> = { danger: 0, warn: 1, info: 2, ok: 3 };

/** The Safe's health report: every finding, the most urgent first. */
export function safeHealth(facts: HealthFacts, paths: SafePaths): Finding[] {
  const findings = [
    ...ownerFindings(facts, paths),
    implementationFinding(facts),
    fallbackHandlerFinding(facts, paths),
    ...moduleFindings(facts, paths),
    ...guardFinding(facts, paths),
    ...moduleGuardFinding(facts, paths),
    ...versionFinding(facts, paths),
    ...contractOwnerFindings(facts, paths),
    ...reachFindings(facts),
    ...queueFindings(facts, paths),
    ...factoryFinding(facts.factory),
  ];
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => toneOrder[a.finding.tone] - toneOrder[b.finding.tone] || a.index - b.index)
    .map(({ finding }) => finding);
}

/** The findings that need the owners' attention: dangers and warnings. */
export const needingAttention = (findings: readonly Finding[]) =>
  findings.filter((finding) => finding.tone === 'danger' || finding.tone === 'warn');
