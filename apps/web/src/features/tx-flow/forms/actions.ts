import { encodeFunctionData, erc20Abi, erc721Abi, zeroAddress, type Address, type Hex } from 'viem';
import {
  addOwnerCall,
  changeThresholdCall,
  disableModuleCall,
  enableModuleCall,
  removeOwnerCall,
  safeUpgradeCall,
  setFallbackHandlerCall,
  setGuardCall,
  setModuleGuardCall,
  swapOwnerCall,
  type SafeUpgrade,
} from '@countersign/safe-core';
import { groupedExactAmount } from '../../../ui/format';
import type { TxAction } from '../draft';
import type { WriteFunction } from '../../../lib/abiJson';
import { formatArgument } from '../abiInputs';
import type { Checked } from './checks';

/**
 * The call each form asks the Safe to make, from values its checks have accepted, with the words
 * the review and the batch show for it. Labels carry whole addresses: they are what owners compare.
 */

/** A token the Safe holds, as much of the gateway's balance item as sending it needs. */
export type SendableToken = {
  type: 'NATIVE_TOKEN' | 'ERC20';
  address: Address;
  /** The symbol as the forms write it (see tokenText). */
  symbol: string;
  decimals: number;
};

export function tokenTransferAction(token: SendableToken, recipient: Address, amount: bigint): TxAction {
  const label = `Send ${groupedExactAmount(amount, token.decimals)} ${token.symbol} to ${recipient}`;
  if (token.type === 'NATIVE_TOKEN') return { to: recipient, value: amount, data: '0x', label };
  return {
    to: token.address,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] }),
    label,
  };
}

/** An ERC-721 token sent with safeTransferFrom, which checks that a contract recipient can hold it. */
export function nftTransferAction(
  nft: { contract: Address; tokenId: string; collection: string },
  safe: Address,
  recipient: Address,
): Checked<TxAction> {
  if (!/^\d+$/.test(nft.tokenId))
    return { ok: false, error: `The token id ${JSON.stringify(nft.tokenId)} is not a number.` };
  return {
    ok: true,
    value: {
      to: nft.contract,
      value: 0n,
      data: encodeFunctionData({
        abi: erc721Abi,
        functionName: 'safeTransferFrom',
        args: [safe, recipient, BigInt(nft.tokenId)],
      }),
      label: `Send ${nft.collection} #${nft.tokenId} to ${recipient}`,
    },
  };
}

/** A long argument shortened for the label (the review decodes the calldata in full). */
function shortArgument(text: string): string {
  return text.length > 66 ? `${text.slice(0, 34)}…${text.slice(-8)}` : text;
}

export function contractCallAction(
  contract: Address,
  call: { fn: WriteFunction; args: readonly unknown[]; data: Hex },
  value: bigint,
  native: { symbol: string; decimals: number },
): TxAction {
  const args = call.args.map((arg) => shortArgument(formatArgument(arg))).join(', ');
  const paid = value > 0n ? ` with ${groupedExactAmount(value, native.decimals)} ${native.symbol}` : '';
  return {
    to: contract,
    value,
    data: call.data,
    label: `Call ${call.fn.name}(${args}) on ${contract}${paid}`,
  };
}

export function rawCallAction(
  to: Address,
  data: Hex,
  value: bigint,
  native: { symbol: string; decimals: number },
): TxAction {
  const amount = `${groupedExactAmount(value, native.decimals)} ${native.symbol}`;
  if (data === '0x') return { to, value, data, label: `Send ${amount} to ${to}` };
  const bytes = (data.length - 2) / 2;
  const paid = value > 0n ? ` and ${amount}` : '';
  return { to, value, data, label: `Call ${to} with ${bytes} bytes of data${paid}` };
}

// Settings: calls of the Safe to itself. safe-core checks the linked-list rules once more and
// answers SettingsChangeError, whose message is shown as it is.

function settingsAction(safe: Address, build: () => Hex, label: string): Checked<TxAction> {
  try {
    return { ok: true, value: { to: safe, value: 0n, data: build(), label } };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

const ofOwners = (threshold: number, owners: number) =>
  `${threshold} of ${owners} ${owners === 1 ? 'owner' : 'owners'}`;

export function addOwnerAction(
  safe: Address,
  owners: readonly Address[],
  owner: Address,
  threshold: number,
): Checked<TxAction> {
  return settingsAction(
    safe,
    () => addOwnerCall(owners, owner, BigInt(threshold)),
    `Add owner ${owner}, with a threshold of ${ofOwners(threshold, owners.length + 1)}`,
  );
}

export function removeOwnerAction(
  safe: Address,
  owners: readonly Address[],
  owner: Address,
  threshold: number,
): Checked<TxAction> {
  return settingsAction(
    safe,
    () => removeOwnerCall(owners, owner, BigInt(threshold)),
    `Remove owner ${owner}, with a threshold of ${ofOwners(threshold, owners.length - 1)}`,
  );
}

export function swapOwnerAction(
  safe: Address,
  owners: readonly Address[],
  oldOwner: Address,
  newOwner: Address,
): Checked<TxAction> {
  return settingsAction(
    safe,
    () => swapOwnerCall(owners, oldOwner, newOwner),
    `Replace owner ${oldOwner} with ${newOwner}`,
  );
}

export function changeThresholdAction(safe: Address, owners: number, threshold: number): Checked<TxAction> {
  return settingsAction(
    safe,
    () => changeThresholdCall(owners, BigInt(threshold)),
    `Change the threshold to ${ofOwners(threshold, owners)}`,
  );
}

export function enableModuleAction(
  safe: Address,
  modules: readonly Address[],
  module: Address,
): Checked<TxAction> {
  return settingsAction(safe, () => enableModuleCall(modules, module), `Enable module ${module}`);
}

export function disableModuleAction(
  safe: Address,
  modules: readonly Address[],
  module: Address,
): Checked<TxAction> {
  return settingsAction(safe, () => disableModuleCall(modules, module), `Disable module ${module}`);
}

export function setGuardAction(safe: Address, guard: Address): Checked<TxAction> {
  return settingsAction(safe, () => setGuardCall(guard), `Set guard ${guard}`);
}

export function removeGuardAction(safe: Address, guard: Address): Checked<TxAction> {
  return settingsAction(safe, () => setGuardCall(zeroAddress), `Remove guard ${guard}`);
}

export function setModuleGuardAction(safe: Address, moduleGuard: Address): Checked<TxAction> {
  return settingsAction(safe, () => setModuleGuardCall(moduleGuard), `Set module guard ${moduleGuard}`);
}

export function removeModuleGuardAction(safe: Address, moduleGuard: Address): Checked<TxAction> {
  return settingsAction(safe, () => setModuleGuardCall(zeroAddress), `Remove module guard ${moduleGuard}`);
}

export function setFallbackHandlerAction(safe: Address, handler: Address): Checked<TxAction> {
  return settingsAction(
    safe,
    () => setFallbackHandlerCall(handler),
    handler === zeroAddress ? 'Remove the fallback handler' : `Set fallback handler ${handler}`,
  );
}

/**
 * An upgrade as one delegatecall to the SafeMigration of its version (see safe-core's safeUpgradeOf
 * for which method); a delegatecall, so it cannot join a batch.
 */
export function upgradeAction(upgrade: SafeUpgrade): TxAction {
  const handler =
    upgrade.fallbackHandler === null
      ? ', keeping its fallback handler'
      : ` and its fallback handler ${upgrade.fallbackHandler}`;
  return {
    ...safeUpgradeCall(upgrade),
    label: `Upgrade the Safe to ${upgrade.version}: its code becomes ${upgrade.singleton}${handler}`,
  };
}
