import { maxUint256, size, slice, type Address } from 'viem';
import {
  canonicalFallbackHandlerName,
  canonicalSingletonName,
  decodeCall,
  decodeSafeCreation,
  decodeSafeUpgrade,
  knownContractName,
  zeroAddress,
  type AbiLookup,
  type DecodedCall,
  type SafeTx,
} from '@countersign/safe-core';
import { groupedExactAmount } from '../../../ui';
import { sameAddress } from '../../../lib/address';

type Call = Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'>;

export type WordingContext = {
  safe: Address;
  native: { symbol: string; decimals: number };
  /** Tokens the Safe holds, by lower-case address: their symbol and decimals for amounts. */
  tokens?: ReadonlyMap<string, { symbol: string; decimals: number }>;
  /** ABIs the user keeps for contracts (the address book): calls to them are decoded with these. */
  abiFor?: AbiLookup;
};

/** A value longer than this is cut in the sentence (the full data is shown beside it). */
const MAX_VALUE_TEXT = 66;

/**
 * A decoded argument as text: numbers in base 10, addresses in full, strings quoted, long values cut
 * (bytes with their size). `type` is the ABI's where known; inside a tuple, a numeral or hex is
 * taken for what it looks like.
 */
function argumentText(value: unknown, type?: string): string {
  const itemType = type?.endsWith(']') ? type.replace(/\[\d*\]$/, '') : undefined;
  if (Array.isArray(value)) return `[${value.map((item) => argumentText(item, itemType)).join(', ')}]`;
  if (typeof value === 'object' && value !== null)
    return `(${Object.entries(value)
      .map(([key, item]) => `${key}: ${argumentText(item)}`)
      .join(', ')})`;
  const quoted =
    typeof value === 'string' &&
    (type === 'string' || (type === undefined && !/^(0x[0-9a-fA-F]*|-?\d+)$/.test(value)));
  const text = quoted ? JSON.stringify(value) : String(value);
  if (text.length <= MAX_VALUE_TEXT) return text;
  const bytes =
    !quoted && typeof value === 'string' && value.startsWith('0x')
      ? ` (${(value.length - 2) / 2} bytes)`
      : '';
  return `${text.slice(0, MAX_VALUE_TEXT - 1)}…${bytes}`;
}

/** A call decoded with an ABI the user supplied: the method and each named argument. */
function suppliedCallText(decoded: DecodedCall): string {
  const args = decoded.parameters
    .map((p) => `${p.name || p.type} ${argumentText(p.value, p.type)}`)
    .join(', ');
  return `${decoded.method}(${args})`;
}

function tokenAmount(token: Address, amount: bigint, context: WordingContext): string {
  const known = context.tokens?.get(token.toLowerCase());
  if (amount === maxUint256) return `an unlimited amount of ${known?.symbol ?? `token ${token}`}`;
  return known
    ? `${groupedExactAmount(amount, known.decimals)} ${known.symbol}`
    : `${amount.toString()} base units of token ${token}`;
}

function nativeAmount(value: bigint, context: WordingContext): string {
  return `${groupedExactAmount(value, context.native.decimals)} ${context.native.symbol}`;
}

/**
 * One call in words, decoded from its bytes here (never taken from a form's or an app's label):
 * what an owner reads before signing. Addresses are written in full so they can be compared with a
 * hardware wallet's screen.
 */
export function describeCall(call: Call, context: WordingContext): string {
  const withValue = (text: string) =>
    call.value > 0n ? `${text}, sending ${nativeAmount(call.value, context)} with it` : text;
  if (size(call.data) === 0) {
    if (sameAddress(call.to, context.safe) && call.value === 0n) {
      return 'Reject: an empty transaction from the Safe to itself, which uses up the nonce';
    }
    return `Send ${nativeAmount(call.value, context)} to ${call.to}`;
  }
  const upgrade = decodeSafeUpgrade(call);
  if (upgrade !== null) {
    const handler =
      upgrade.fallbackHandler === null
        ? 'keeps its fallback handler'
        : `sets the fallback handler to ${upgrade.fallbackHandler} (${canonicalFallbackHandlerName(upgrade.fallbackHandler) ?? 'unknown contract'})`;
    return `Upgrade the Safe to ${upgrade.version} (SafeMigration ${upgrade.version}): its code becomes ${upgrade.singleton} (${canonicalSingletonName(upgrade.singleton) ?? 'unknown contract'}) and it ${handler}`;
  }
  const decoded = decodeCall(call.data, { to: call.to, abiFor: context.abiFor });
  const arg = (index: number) => decoded?.parameters[index]?.value as string;
  const onSafe = sameAddress(call.to, context.safe);
  const onTarget = (text: string) => (onSafe ? text : `${text} (on ${call.to}, not this Safe)`);
  const verb = call.operation === 1 ? 'Delegatecall' : 'Call';
  // A method of the user's ABI is worded as that ABI names it, whatever its name: a `transfer` of
  // another shape must not read as a token transfer.
  if (decoded?.source === 'supplied-abi')
    return withValue(
      `${verb} ${suppliedCallText(decoded)} on ${call.to}, as the ABI in your address book reads it`,
    );
  switch (decoded?.method) {
    case 'transfer':
      return withValue(`Send ${tokenAmount(call.to, BigInt(arg(1)), context)} to ${arg(0)}`);
    case 'transferFrom':
      return withValue(`Move ${tokenAmount(call.to, BigInt(arg(2)), context)} from ${arg(0)} to ${arg(1)}`);
    case 'approve':
      return withValue(`Allow ${arg(0)} to spend ${tokenAmount(call.to, BigInt(arg(1)), context)}`);
    case 'safeTransferFrom':
      return withValue(`Send NFT #${arg(2)} of ${call.to} from ${arg(0)} to ${arg(1)}`);
    case 'addOwnerWithThreshold':
      return onTarget(`Add owner ${arg(0)} and set the threshold to ${arg(1)}`);
    case 'removeOwner':
      return onTarget(`Remove owner ${arg(1)} and set the threshold to ${arg(2)}`);
    case 'swapOwner':
      return onTarget(`Replace owner ${arg(1)} with ${arg(2)}`);
    case 'changeThreshold':
      return onTarget(`Change the threshold to ${arg(0)}`);
    case 'enableModule':
      return onTarget(`Enable module ${arg(0)}, which can then move funds without the owners' signatures`);
    case 'disableModule':
      return onTarget(`Disable module ${arg(1)}`);
    case 'setGuard':
      return onTarget(
        sameAddress(arg(0), zeroAddress)
          ? 'Remove the transaction guard'
          : `Set the transaction guard to ${arg(0)}`,
      );
    case 'setModuleGuard':
      return onTarget(
        sameAddress(arg(0), zeroAddress) ? 'Remove the module guard' : `Set the module guard to ${arg(0)}`,
      );
    case 'setFallbackHandler':
      return onTarget(
        sameAddress(arg(0), zeroAddress)
          ? 'Remove the fallback handler'
          : `Set the fallback handler to ${arg(0)}${knownContractName(arg(0) as Address) ? ` (${knownContractName(arg(0) as Address)})` : ''}`,
      );
    case 'changeMasterCopy':
      return onTarget(`Change the Safe's singleton (its code) to ${arg(0)}`);
    case 'approveHash':
      return onTarget(`Approve hash ${arg(0)} on chain`);
    case 'migrateSingleton':
    case 'migrateWithFallbackHandler':
    case 'migrateL2Singleton':
    case 'migrateL2WithFallbackHandler':
      // The canonical SafeMigration, delegatecalled, was worded above: this is anything else.
      return withValue(
        `${verb} ${decoded.method}() on ${knownContractName(call.to) ?? call.to}, which is not an upgrade by a canonical SafeMigration${call.operation === 1 ? '' : ' (it must be delegatecalled)'}`,
      );
    case 'createProxyWithNonce':
      if (call.operation === 1) break;
      return withValue(safeCreationText(call, context));
    case 'multiSend':
      return `A batch of ${decoded.parameters[0]?.valueDecoded?.length ?? 'several'} actions through ${knownContractName(call.to) ?? call.to}`;
  }
  const selector = slice(call.data, 0, Math.min(4, size(call.data)));
  return withValue(
    `${verb} ${knownContractName(call.to) ?? call.to} with function ${selector} (${size(call.data)} bytes of data)`,
  );
}

/**
 * A new Safe made by a factory, worded from the bytes: its address (computed here for a canonical
 * factory), its code, its owners (this Safe marked) and threshold, and any delegatecall its setup
 * makes, which could do anything to the new Safe.
 */
function safeCreationText(call: Call, context: WordingContext): string {
  const factory = knownContractName(call.to) ?? `${call.to} (not a canonical SafeProxyFactory)`;
  const creation = decodeSafeCreation(call);
  if (creation === null) return `Call createProxyWithNonce on ${factory}`;
  const code = canonicalSingletonName(creation.singleton) ?? 'unknown contract';
  const where =
    creation.address === undefined ? 'at an address not predicted here' : `at ${creation.address}`;
  const { setup } = creation;
  if (setup === null)
    return `Create a proxy of ${creation.singleton} (${code}) ${where} through ${factory}, set up with a call that is not a Safe's setup`;
  const owners = setup.owners
    .map((owner) => (sameAddress(owner, context.safe) ? `${owner} (this Safe)` : owner))
    .join(', ');
  const extras = [
    !sameAddress(setup.to, zeroAddress) &&
      `during setup it delegatecalls ${setup.to}, which can change anything in the new Safe`,
    setup.payment > 0n && `it pays ${setup.payment.toString()} base units to whoever deploys it`,
  ].filter((extra): extra is string => typeof extra === 'string');
  return `Create a Safe ${where} (${code}, through ${factory}), owned by ${owners}, ${setup.threshold.toString()} of ${setup.owners.length} to confirm${extras.length > 0 ? `; ${extras.join('; ')}` : ''}`;
}
