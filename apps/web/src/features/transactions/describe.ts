import type {
  AddressInfo,
  CustomTxInfo,
  SettingsChangeTxInfo,
  TransferInfo,
  TransferTxInfo,
  TxInfo,
  TxStatus,
} from '@countersign/gateway-api';
import { formatTokenAmount, shortenAddress } from '../../ui/format';

/**
 * The words for a transaction, in one place for every view: the rows of the queue and the history,
 * the details page, the Home page's preview and plain-text uses (titles, labels). A description is
 * a phrase of parts, so that views can render addresses and amounts with their own components while
 * `describeTransaction` joins the same parts into a sentence.
 */
export type PhrasePart =
  /** Countersign's own words. */
  | string
  | { type: 'address'; value: string; name: string | null }
  | { type: 'amount'; value: string; decimals: number | null; symbol: string | null }
  | { type: 'nft'; tokenId: string; collection: string | null; address: string }
  /** Text the gateway sent (method names, descriptions): untrusted, shown as text only. */
  | { type: 'text'; value: string };
export type Phrase = PhrasePart[];

export type NativeCurrency = { symbol: string; decimals: number };

export type DescribeOptions = {
  /** Executed transactions are told in the past ("Sent"), the others as what they do ("Send"). */
  status?: TxStatus;
  /** The chain's native currency; ETH with 18 decimals when left out. */
  nativeCurrency?: NativeCurrency;
};

const ether: NativeCurrency = { symbol: 'ETH', decimals: 18 };

const address = (info: AddressInfo): PhrasePart => ({ type: 'address', value: info.value, name: info.name });
const text = (value: string): PhrasePart => ({ type: 'text', value });

/** Long enough for any real method or kind name; a hostile 10 kB one is cut. */
const MAX_TEXT = 120;
/** Token symbols in a sentence; the details page shows whole names. */
const MAX_SYMBOL = 32;
export function clip(value: string, max = MAX_TEXT): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

const acronyms: Record<string, string> = { twap: 'TWAP', erc20: 'ERC20', erc721: 'ERC721', nft: 'NFT' };

/** "SwapOrder" → "Swap order", "NativeStakingDeposit" → "Native staking deposit", "TwapOrder" → "TWAP order". */
export function readableKind(originalType: string): string {
  const source = clip(originalType, 80);
  // SET_GUARD is a constant's name, ERC1155 an acronym: only the latter keeps its capitals.
  const constant = /^[A-Z0-9_]+$/.test(source) && source.includes('_');
  const words = source
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map(
      (word) =>
        acronyms[word.toLowerCase()] ??
        (!constant && /^[A-Z][A-Z0-9]+$/.test(word) ? word : word.toLowerCase()),
    );
  if (words.length === 0) return 'Unknown transaction';
  const [first, ...rest] = words as [string, ...string[]];
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

const isZero = (value: string | null | undefined) => {
  if (value === null || value === undefined) return true;
  try {
    return BigInt(value) === 0n;
  } catch {
    return false;
  }
};

// ---- kinds: the short label of a row ----

const settingsKinds: Record<string, string> = {
  ADD_OWNER: 'Add owner',
  REMOVE_OWNER: 'Remove owner',
  SWAP_OWNER: 'Swap owner',
  CHANGE_THRESHOLD: 'Change threshold',
  CHANGE_MASTER_COPY: 'Change implementation',
  CHANGE_IMPLEMENTATION: 'Change implementation',
  ENABLE_MODULE: 'Enable module',
  DISABLE_MODULE: 'Disable module',
  SET_FALLBACK_HANDLER: 'Set fallback handler',
  SET_GUARD: 'Set guard',
  DELETE_GUARD: 'Remove guard',
  SET_MODULE_GUARD: 'Set module guard',
  DELETE_MODULE_GUARD: 'Remove module guard',
};

/** The kind of transaction in a few words: "Sent", "Add owner", "Batch", "Swap order"… */
export function transactionKind(txInfo: TxInfo, { status }: Pick<DescribeOptions, 'status'> = {}): string {
  switch (txInfo.type) {
    case 'Transfer':
      if (txInfo.direction === 'INCOMING') return 'Received';
      if (txInfo.direction === 'OUTGOING') return status === 'SUCCESS' ? 'Sent' : 'Send';
      return 'Transfer';
    case 'SettingsChange': {
      const settings = txInfo.settingsInfo;
      if (settings === null) return 'Settings change';
      if (settings.type === 'UNKNOWN') return readableKind(settings.originalType);
      return settingsKinds[settings.type] ?? 'Settings change';
    }
    case 'Custom':
      if (txInfo.isCancellation) return 'On-chain rejection';
      if (txInfo.methodName === 'multiSend') return 'Batch';
      return 'Contract interaction';
    case 'Creation':
      return 'Safe created';
    case 'Unknown':
      return readableKind(txInfo.originalType);
  }
}

// ---- phrases: what the transaction does, in words ----

/** The amount a transfer moves, as a part (an NFT, a token amount, or words when it is unknown). */
export function transferAmount(info: TransferInfo, native: NativeCurrency = ether): PhrasePart {
  switch (info.type) {
    case 'NATIVE_COIN':
      return info.value === null
        ? `an unknown amount of ${native.symbol}`
        : { type: 'amount', value: info.value, decimals: native.decimals, symbol: native.symbol };
    case 'ERC20':
      return {
        type: 'amount',
        value: info.value,
        decimals: info.decimals,
        symbol: clip(info.tokenSymbol ?? info.tokenName ?? shortenAddress(info.tokenAddress), MAX_SYMBOL),
      };
    case 'ERC721':
      return {
        type: 'nft',
        tokenId: info.tokenId,
        collection:
          info.tokenSymbol || info.tokenName ? clip(info.tokenSymbol ?? info.tokenName ?? '', 64) : null,
        address: info.tokenAddress,
      };
    case 'UNKNOWN':
      return `tokens (${readableKind(info.originalType)})`;
  }
}

function transferPhrase(txInfo: TransferTxInfo, done: boolean, native: NativeCurrency): Phrase {
  const amount = transferAmount(txInfo.transferInfo, native);
  switch (txInfo.direction) {
    case 'INCOMING':
      return ['Received ', amount, ' from ', address(txInfo.sender)];
    case 'OUTGOING':
      return [done ? 'Sent ' : 'Send ', amount, ' to ', address(txInfo.recipient)];
    default:
      return ['Transfer of ', amount, ' from ', address(txInfo.sender), ' to ', address(txInfo.recipient)];
  }
}

function settingsPhrase(txInfo: SettingsChangeTxInfo, done: boolean): Phrase {
  const verb = (past: string, present: string) => (done ? past : present);
  const settings = txInfo.settingsInfo;
  if (settings === null) return ['Settings change: ', text(clip(txInfo.dataDecoded.method))];
  switch (settings.type) {
    case 'ADD_OWNER':
      return [
        verb('Added owner ', 'Add owner '),
        address(settings.owner),
        ` and set threshold to ${settings.threshold}`,
      ];
    case 'REMOVE_OWNER':
      return [
        verb('Removed owner ', 'Remove owner '),
        address(settings.owner),
        ` and set threshold to ${settings.threshold}`,
      ];
    case 'SWAP_OWNER':
      return [
        verb('Swapped owner ', 'Swap owner '),
        address(settings.oldOwner),
        ' for ',
        address(settings.newOwner),
      ];
    case 'CHANGE_THRESHOLD':
      return [verb('Changed', 'Change'), ` threshold to ${settings.threshold}`];
    case 'CHANGE_MASTER_COPY':
    case 'CHANGE_IMPLEMENTATION':
      return [verb('Changed', 'Change'), ' implementation to ', address(settings.implementation)];
    case 'ENABLE_MODULE':
      return [verb('Enabled', 'Enable'), ' module ', address(settings.module)];
    case 'DISABLE_MODULE':
      return [verb('Disabled', 'Disable'), ' module ', address(settings.module)];
    case 'SET_FALLBACK_HANDLER':
      return ['Set fallback handler ', address(settings.handler)];
    case 'SET_GUARD':
      return ['Set guard ', address(settings.guard)];
    case 'DELETE_GUARD':
      return [verb('Removed guard', 'Remove guard')];
    case 'SET_MODULE_GUARD':
      return ['Set module guard ', address(settings.moduleGuard)];
    case 'DELETE_MODULE_GUARD':
      return [verb('Removed module guard', 'Remove module guard')];
    case 'UNKNOWN':
      return [`Settings change (${readableKind(settings.originalType)})`];
  }
}

function customPhrase(txInfo: CustomTxInfo, done: boolean, native: NativeCurrency): Phrase {
  if (txInfo.isCancellation) return ['On-chain rejection'];
  const sending: Phrase = isZero(txInfo.value)
    ? []
    : [
        ', sending ',
        { type: 'amount', value: txInfo.value ?? '0', decimals: native.decimals, symbol: native.symbol },
      ];
  if (txInfo.methodName === 'multiSend') {
    const count = typeof txInfo.actionCount === 'number' ? txInfo.actionCount : null;
    const batch = count === null ? 'Batch of actions' : `Batch of ${count} action${count === 1 ? '' : 's'}`;
    return [batch, ' via ', address(txInfo.to), ...sending];
  }
  if (txInfo.methodName)
    return [
      done ? 'Called ' : 'Call ',
      text(clip(txInfo.methodName)),
      ' on ',
      address(txInfo.to),
      ...sending,
    ];
  return ['Contract interaction with ', address(txInfo.to), ...sending];
}

/** The method an unknown kind of transaction calls, when the gateway says. */
export function unknownMethodName(raw: Record<string, unknown>): string | null {
  return typeof raw.methodName === 'string' && raw.methodName !== '' ? clip(raw.methodName) : null;
}

/** What a transaction does, as a phrase of parts. */
export function describeParts(txInfo: TxInfo, options: DescribeOptions = {}): Phrase {
  const done = options.status === 'SUCCESS';
  const native = options.nativeCurrency ?? ether;
  switch (txInfo.type) {
    case 'Transfer':
      return transferPhrase(txInfo, done, native);
    case 'SettingsChange':
      return settingsPhrase(txInfo, done);
    case 'Custom':
      return customPhrase(txInfo, done, native);
    case 'Creation':
      return [
        'Safe created by ',
        address(txInfo.creator),
        ...(txInfo.factory ? [', factory ', address(txInfo.factory)] : []),
      ];
    case 'Unknown': {
      const method = unknownMethodName(txInfo.raw);
      const words: Phrase = [
        txInfo.humanDescription
          ? text(clip(txInfo.humanDescription, 240))
          : readableKind(txInfo.originalType),
      ];
      return method ? [...words, ' (', text(method), ')'] : words;
    }
  }
}

/** One part as plain text: names over addresses, amounts rounded as the views show them. */
export function partText(part: PhrasePart): string {
  if (typeof part === 'string') return part;
  switch (part.type) {
    case 'address':
      return part.name || shortenAddress(part.value);
    case 'amount': {
      const amount = formatTokenAmount(part.value, part.decimals);
      return part.symbol ? `${amount} ${part.symbol}` : amount;
    }
    case 'nft':
      return `${part.collection ?? shortenAddress(part.address)} #${part.tokenId}`;
    case 'text':
      return part.value;
  }
}

/** What a transaction does, in one sentence of plain text ("Sent 0.5 ETH to 0x2361…1E8f"). */
export function describeTransaction(txInfo: TxInfo, options: DescribeOptions = {}): string {
  return describeParts(txInfo, options).map(partText).join('');
}

// ---- statuses ----

/** Waiting for confirmations or execution: a transaction of the queue. */
export const isPendingStatus = (status: string) =>
  status === 'AWAITING_CONFIRMATIONS' || status === 'AWAITING_EXECUTION';

export const statusLabels: Record<TxStatus, string> = {
  AWAITING_CONFIRMATIONS: 'Awaiting confirmations',
  AWAITING_EXECUTION: 'Awaiting execution',
  CANCELLED: 'Cancelled',
  FAILED: 'Failed',
  SUCCESS: 'Executed',
};

export const statusTones = {
  AWAITING_CONFIRMATIONS: 'warn',
  AWAITING_EXECUTION: 'accent',
  CANCELLED: 'neutral',
  FAILED: 'danger',
  SUCCESS: 'ok',
} as const satisfies Record<TxStatus, string>;

/** "1 of 2" */
export const confirmationsLabel = (submitted: number, required: number) => `${submitted} of ${required}`;
