import type { SettingsInfo, TransferInfo, TxInfo } from '@countersign/gateway-api';
import { decodeCall, safeSettingsMethods, zeroAddress, type DecodedCall } from '@countersign/safe-core';
import { getAddress, size, type Address, type Hex } from 'viem';
import { addressInfo } from '../addressInfo';
import type { LogoUrls } from '../assets/icons';
import type { Token } from '../assets/store';

/** What classifying a call needs to show tokens: the ones it may name, and where their logos are. */
export type TokenLookup = { tokens: ReadonlyMap<Address, Token>; logos: LogoUrls };

export type CallToClassify = {
  safe: Address;
  to: Address;
  value: bigint;
  data: Hex | null;
  operation: number;
  /** Multisig refund settings: a cancellation has them all default or all set. */
  refund?: {
    safeTxGas: bigint;
    baseGas: bigint;
    gasPrice: bigint;
    gasToken: Address;
    refundReceiver: Address;
  };
};

const param = (decoded: DecodedCall, name: string) => decoded.parameters.find((p) => p.name === name)?.value;
const asAddress = (value: unknown) => getAddress(String(value));

function settingsInfo(decoded: DecodedCall): SettingsInfo | null {
  switch (decoded.method) {
    case 'addOwnerWithThreshold':
      return {
        type: 'ADD_OWNER',
        owner: addressInfo(asAddress(param(decoded, 'owner'))),
        threshold: Number(param(decoded, '_threshold')),
      };
    case 'removeOwner':
      return {
        type: 'REMOVE_OWNER',
        owner: addressInfo(asAddress(param(decoded, 'owner'))),
        threshold: Number(param(decoded, '_threshold')),
      };
    case 'swapOwner':
      return {
        type: 'SWAP_OWNER',
        oldOwner: addressInfo(asAddress(param(decoded, 'oldOwner'))),
        newOwner: addressInfo(asAddress(param(decoded, 'newOwner'))),
      };
    case 'changeThreshold':
      return { type: 'CHANGE_THRESHOLD', threshold: Number(param(decoded, '_threshold')) };
    case 'changeMasterCopy':
      return {
        type: 'CHANGE_MASTER_COPY',
        implementation: addressInfo(asAddress(param(decoded, '_masterCopy'))),
      };
    case 'enableModule':
      return { type: 'ENABLE_MODULE', module: addressInfo(asAddress(param(decoded, 'module'))) };
    case 'disableModule':
      return { type: 'DISABLE_MODULE', module: addressInfo(asAddress(param(decoded, 'module'))) };
    case 'setFallbackHandler':
      return { type: 'SET_FALLBACK_HANDLER', handler: addressInfo(asAddress(param(decoded, 'handler'))) };
    case 'setGuard': {
      const guard = asAddress(param(decoded, 'guard'));
      return guard === zeroAddress
        ? { type: 'DELETE_GUARD' }
        : { type: 'SET_GUARD', guard: addressInfo(guard) };
    }
    case 'setModuleGuard': {
      const guard = asAddress(param(decoded, 'moduleGuard'));
      return guard === zeroAddress
        ? { type: 'DELETE_MODULE_GUARD' }
        : { type: 'SET_MODULE_GUARD', moduleGuard: addressInfo(guard) };
    }
    default:
      return null;
  }
}

/** ERC20/ERC721 transfer parties and amount from a decoded token call, or null for other calls. */
export function tokenTransfer(
  decoded: DecodedCall,
  safe: Address,
): { sender: Address; recipient: Address; amount: string } | null {
  switch (decoded.method) {
    case 'transfer':
      return {
        sender: safe,
        recipient: asAddress(param(decoded, 'to')),
        amount: String(param(decoded, 'value')),
      };
    case 'transferFrom':
      return {
        sender: asAddress(param(decoded, 'from')),
        recipient: asAddress(param(decoded, 'to')),
        amount: String(param(decoded, 'value')),
      };
    case 'safeTransferFrom':
      return {
        sender: asAddress(param(decoded, 'from')),
        recipient: asAddress(param(decoded, 'to')),
        amount: String(param(decoded, 'tokenId')),
      };
    default:
      return null;
  }
}

export function direction(safe: Address, sender: Address, recipient: Address) {
  if (sender === safe) return 'OUTGOING' as const;
  if (recipient === safe) return 'INCOMING' as const;
  return 'UNKNOWN' as const;
}

/** A token transfer's info; its logo is the token's own, else the gateway's generated icon. */
export function tokenTransferInfo(
  token: Token | undefined,
  address: Address,
  amount: string,
  isNft: boolean,
  logos: LogoUrls,
  imitation = false,
): TransferInfo {
  const logoUri = logos.of(address, token?.logoUri);
  if (isNft) {
    return {
      type: 'ERC721',
      tokenAddress: address,
      tokenId: amount,
      tokenName: token?.name ?? null,
      tokenSymbol: token?.symbol ?? null,
      logoUri,
      trusted: token?.trusted ?? null,
    };
  }
  return {
    type: 'ERC20',
    tokenAddress: address,
    value: amount,
    tokenName: token?.name ?? null,
    tokenSymbol: token?.symbol ?? null,
    logoUri,
    decimals: token?.decimals ?? null,
    trusted: token?.trusted ?? null,
    imitation,
  };
}

function isCancellation(call: CallToClassify, dataSize: number): boolean {
  if (call.to !== call.safe || dataSize !== 0 || call.value !== 0n || call.operation !== 0) return false;
  if (!call.refund) return true;
  const { safeTxGas, baseGas, gasPrice, gasToken, refundReceiver } = call.refund;
  const allDefault =
    safeTxGas === 0n &&
    baseGas === 0n &&
    gasPrice === 0n &&
    gasToken === zeroAddress &&
    refundReceiver === zeroAddress;
  const allSet =
    safeTxGas > 0n &&
    baseGas > 0n &&
    gasPrice > 0n &&
    gasToken !== zeroAddress &&
    refundReceiver !== zeroAddress;
  return allDefault || allSet;
}

/**
 * What a multisig or module call is, in the gateway's order of rules: value with data or a delegate
 * call is Custom; plain value is a native Transfer; a self-call to a settings method is a
 * SettingsChange; an ERC20/ERC721 transfer touching the Safe is a Transfer; anything else is Custom.
 */
export function classifyCall(call: CallToClassify, { tokens, logos }: TokenLookup): TxInfo {
  const dataSize = call.data ? size(call.data) : 0;
  const decoded = decodeCall(call.data);
  const custom = (): TxInfo => ({
    type: 'Custom',
    to: addressInfo(call.to),
    dataSize: String(dataSize),
    value: call.value.toString(),
    isCancellation: isCancellation(call, dataSize),
    methodName: decoded?.method ?? null,
    ...(decoded?.method === 'multiSend'
      ? {
          actionCount: Array.isArray(decoded.parameters[0]?.valueDecoded)
            ? decoded.parameters[0].valueDecoded.length
            : 0,
        }
      : {}),
    humanDescription: null,
  });

  if ((call.value > 0n && dataSize > 0) || call.operation !== 0) return custom();
  if (call.value > 0n && dataSize === 0) {
    return {
      type: 'Transfer',
      sender: addressInfo(call.safe),
      recipient: addressInfo(call.to),
      direction: 'OUTGOING',
      transferInfo: { type: 'NATIVE_COIN', value: call.value.toString() },
      humanDescription: null,
    };
  }
  if (decoded && call.to === call.safe && safeSettingsMethods.has(decoded.method)) {
    return {
      type: 'SettingsChange',
      dataDecoded: decoded,
      settingsInfo: settingsInfo(decoded),
      humanDescription: null,
    };
  }
  const transfer = decoded ? tokenTransfer(decoded, call.safe) : null;
  if (decoded && transfer && (transfer.sender === call.safe || transfer.recipient === call.safe)) {
    const token = tokens.get(call.to);
    const isNft = token?.type === 'ERC721' || decoded.method === 'safeTransferFrom';
    return {
      type: 'Transfer',
      sender: addressInfo(transfer.sender),
      recipient: addressInfo(transfer.recipient),
      direction: direction(call.safe, transfer.sender, transfer.recipient),
      transferInfo: tokenTransferInfo(token, call.to, transfer.amount, isNft, logos),
      humanDescription: null,
    };
  }
  return custom();
}
