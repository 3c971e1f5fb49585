import type { SafeInfo } from '@countersign/gateway-api';
import { safe150, safeUpgradesOf, versionAtLeast } from '@countersign/safe-core';
import type { SafePaths } from '../../safe';

/** The kinds of new transaction, each a form at /{safe}/new-transaction/{kind}. */
export type TransactionKind = Parameters<SafePaths['newTransactionOf']>[0];

export type KindInfo = {
  kind: TransactionKind;
  /** The form's heading and the review's title. */
  title: string;
  description: string;
};

export type KindGroup = { title: string; kinds: readonly KindInfo[] };

/** The chooser's groups, in the order people most often need them. */
export const kindGroups: readonly KindGroup[] = [
  {
    title: 'Assets',
    kinds: [
      {
        kind: 'send',
        title: 'Send tokens',
        description: 'The chain’s coin or an ERC-20 token the Safe holds, to any address.',
      },
      {
        kind: 'payouts',
        title: 'Pay many (CSV)',
        description: 'A list of recipient, token and amount, paid in one transaction.',
      },
      { kind: 'nft', title: 'Send NFT', description: 'An ERC-721 token the Safe holds, to any address.' },
    ],
  },
  {
    title: 'Contracts',
    kinds: [
      {
        kind: 'contract',
        title: 'Contract interaction',
        description: 'Call a function of any contract from its ABI, or send raw calldata.',
      },
      {
        kind: 'batch',
        title: 'Batch',
        description: 'The transactions put aside with “Add to batch”, signed together as one.',
      },
    ],
  },
  {
    title: 'Owners and threshold',
    kinds: [
      { kind: 'add-owner', title: 'Add owner', description: 'A new owner, and how many must confirm.' },
      {
        kind: 'remove-owner',
        title: 'Remove owner',
        description: 'Take an owner off the Safe, and set how many must confirm.',
      },
      { kind: 'swap-owner', title: 'Replace owner', description: 'Put a new address in an owner’s place.' },
      {
        kind: 'threshold',
        title: 'Change threshold',
        description: 'How many owners must confirm each transaction.',
      },
    ],
  },
  {
    title: 'Nested Safes',
    kinds: [
      {
        kind: 'nested-safe',
        title: 'Create a nested Safe',
        description:
          'A new Safe this Safe owns, with any other owners, deployed and funded in one transaction.',
      },
    ],
  },
  {
    title: 'Modules, guards and fallback handler',
    kinds: [
      {
        kind: 'enable-module',
        title: 'Enable module',
        description: 'A contract that may execute transactions without the owners’ signatures.',
      },
      { kind: 'disable-module', title: 'Disable module', description: 'Stop a module acting for the Safe.' },
      { kind: 'set-guard', title: 'Set guard', description: 'A contract that checks every transaction.' },
      { kind: 'remove-guard', title: 'Remove guard', description: 'Stop the guard checking transactions.' },
      {
        kind: 'set-module-guard',
        title: 'Set module guard',
        description: 'A contract that checks every transaction a module makes (Safe 1.5.0).',
      },
      {
        kind: 'remove-module-guard',
        title: 'Remove module guard',
        description: 'Stop the module guard checking module transactions.',
      },
      {
        kind: 'fallback-handler',
        title: 'Set fallback handler',
        description: 'The contract that answers calls the Safe does not implement (EIP-1271 and others).',
      },
    ],
  },
  {
    title: 'Version',
    kinds: [
      {
        kind: 'upgrade',
        title: 'Upgrade the Safe',
        description: `Move a Safe 1.3.0 or 1.4.1 to the canonical 1.4.1 or ${safe150.version} contracts, in one transaction.`,
      },
    ],
  },
];

export const kindInfos: readonly KindInfo[] = kindGroups.flatMap((group) => group.kinds);

export function kindInfo(kind: string | undefined): KindInfo | undefined {
  return kindInfos.find((info) => info.kind === kind);
}

/** Why a kind cannot be used on this Safe now (nothing to remove, say), or undefined when it can. */
export function unavailableReason(kind: TransactionKind, safe: SafeInfo): string | undefined {
  switch (kind) {
    case 'remove-owner':
      return safe.owners.length <= 1 ? 'The Safe has a single owner.' : undefined;
    case 'threshold':
      return safe.owners.length <= 1 ? 'With a single owner the threshold is 1.' : undefined;
    case 'disable-module':
      return (safe.modules ?? []).length === 0 ? 'No module is enabled.' : undefined;
    case 'remove-guard':
      return safe.guard === null ? 'The Safe has no guard.' : undefined;
    case 'set-module-guard':
    case 'remove-module-guard':
      // Whether one is set is the chain's to say (the gateway does not serve it): the form reads it.
      return safe.version !== null && !versionAtLeast(safe.version, '1.5.0')
        ? 'Module guards exist from Safe 1.5.0.'
        : undefined;
    case 'upgrade':
      // The gateway's word, for the chooser only: the form reads the chain before it offers anything.
      if (
        safeUpgradesOf({
          singleton: safe.implementation.value,
          fallbackHandler: safe.fallbackHandler?.value ?? null,
        }).length > 0
      )
        return undefined;
      return safe.version === safe150.version
        ? `The Safe already runs ${safe150.version}.`
        : 'This app upgrades Safes 1.3.0 and 1.4.1 only.';
    default:
      return undefined;
  }
}
