import type { Address } from 'viem';
import {
  decodeCall,
  decodeSafeUpgrade,
  isCanonicalL2Singleton,
  isTrustedDelegateCallTarget,
  knownContractName,
  safeSettingsMethods,
  type SafeTx,
} from '@countersign/safe-core';
import { innerCalls } from '../verify';
import { nonceSpan } from '../nonceWords';
import { sameAddress } from '../../../lib/address';

export type ReviewWarning = {
  id: 'delegatecall' | 'upgrade' | 'settings' | 'nonce-used' | 'nonce-replaces' | 'nonce-skips';
  tone: 'warn' | 'danger';
  title: string;
  text: string;
};

type Call = Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'>;

/**
 * What an owner must know before signing a call: a delegatecall to anything but the canonical
 * libraries (it runs foreign code as the Safe), and a change to the Safe's own settings (owners,
 * threshold, modules, guard, fallback handler, singleton).
 */
export function callWarnings(call: Call, safe: Address, currentSingleton?: Address): ReviewWarning[] {
  const warnings: ReviewWarning[] = [];
  const untrusted = [call, ...innerCalls(call).filter((inner) => inner !== call)].filter(
    (item) => item.operation === 1 && !isTrustedDelegateCallTarget(item.to),
  );
  for (const item of untrusted) {
    warnings.push({
      id: 'delegatecall',
      tone: 'danger',
      title: 'Delegate call to an unknown contract',
      text: `This transaction delegatecalls ${item.to}${
        knownContractName(item.to) ? ` (${knownContractName(item.to)})` : ''
      }, which is not a canonical MultiSend or SignMessageLib contract. Its code would run with the Safe's own storage and funds and could take over the Safe. Sign only if you wrote or audited that contract.`,
    });
  }
  const calls = innerCalls(call);
  // An upgrade by the canonical SafeMigration (a delegatecall, not a self-call) changes the Safe's code.
  for (const upgrade of calls.flatMap((item) => decodeSafeUpgrade(item) ?? [])) {
    const handler = upgrade.fallbackHandler;
    // migrateSingleton run on an L2 Safe: the Safe stops emitting the events indexers read.
    const toPlain = isCanonicalL2Singleton(upgrade.singleton) === false;
    if (toPlain && (currentSingleton === undefined || isCanonicalL2Singleton(currentSingleton) !== false)) {
      warnings.push({
        id: 'upgrade',
        tone: 'danger',
        title: 'Indexers lose the Safe’s history',
        text: `This transaction moves the Safe to ${knownContractName(upgrade.singleton) ?? upgrade.singleton}, the singleton without L2 events${
          currentSingleton
            ? `, from ${knownContractName(currentSingleton) ?? currentSingleton}`
            : ' (if the Safe runs an L2 singleton now)'
        }. From then on its executions emit no event describing them: indexers that read only events (Safe's transaction service, most explorers and gateways) stop listing what it does. Prefer migrateL2Singleton unless every tool the owners rely on reads plain Safes.`,
      });
      continue;
    }
    warnings.push({
      id: 'upgrade',
      tone: 'warn',
      title: "Changes the Safe's code",
      text: `This transaction upgrades the Safe to ${knownContractName(upgrade.singleton) ?? upgrade.singleton}${
        handler ? ` with the fallback handler ${knownContractName(handler) ?? handler}` : ''
      }, through the canonical SafeMigration contract: every later transaction runs that code. Owners, threshold, modules and funds stay as they are. Make sure the other owners expect the upgrade.`,
    });
  }
  const settings = calls.filter(
    (item) => sameAddress(item.to, safe) && safeSettingsMethods.has(decodeCall(item.data)?.method ?? ''),
  );
  if (settings.length > 0) {
    warnings.push({
      id: 'settings',
      tone: 'warn',
      title: "Changes the Safe's settings",
      text: `This transaction changes who controls the Safe (${settings
        .map((item) => decodeCall(item.data)?.method)
        .join(', ')}). Check each address and the new threshold before you sign.`,
    });
  }
  return warnings;
}

/** What a nonce means: already used, replacing what is queued at it, or leaving a gap before it. */
export function nonceWarnings(
  nonce: number,
  state: { currentNonce: number; recommendedNonce: number },
  queuedNonces: readonly number[],
): ReviewWarning[] {
  if (nonce < state.currentNonce) {
    return [
      {
        id: 'nonce-used',
        tone: 'danger',
        title: 'Nonce already used',
        text: `The Safe has executed nonce ${nonce}; the lowest nonce it can still execute is ${state.currentNonce}.`,
      },
    ];
  }
  if (queuedNonces.includes(nonce)) {
    return [
      {
        id: 'nonce-replaces',
        tone: 'warn',
        title: 'Replaces a queued transaction',
        text: `A transaction is already queued at nonce ${nonce}. Only one of them can execute: executing this one cancels the others.`,
      },
    ];
  }
  const highestQueued = Math.max(state.currentNonce - 1, ...queuedNonces);
  const firstMissing = Math.max(state.recommendedNonce, highestQueued + 1);
  if (nonce > firstMissing) {
    return [
      {
        id: 'nonce-skips',
        tone: 'warn',
        title: 'Skips ahead',
        text: `Nonce ${nonce} leaves a gap: nothing can execute it before ${nonceSpan(firstMissing, nonce - 1)} ${nonce - 1 > firstMissing ? 'have' : 'has'} executed.`,
      },
    ];
  }
  return [];
}
