import type { TypedData } from '@countersign/gateway-api';
import { getAddress, isAddress, type Address } from 'viem';

/**
 * Off-chain signatures that hand over tokens: once the Safe's EIP-1271 signature accepts them, the
 * spender moves the Safe's tokens with no transaction of the Safe at all. This reads typed data for
 * what it grants, by its structure (a drainer's copy of a contract signs the same way), and names
 * the contract where it is the well-known one.
 */
export type TokenGrant = {
  /** What kind of signature: named as its standard names it. */
  kind:
    | 'EIP-2612 permit'
    | 'DAI permit'
    | 'Permit2 allowance'
    | 'Permit2 transfer'
    | 'Permit2 transfer with witness'
    | 'Seaport order';
  /** Who may take: the spender (Permit2, permits), or for an order whoever fulfils it. */
  spender: Address | 'anyone';
  /** What may be taken, one entry per token. */
  assets: GrantedAsset[];
  /** Until when the grant can be used, in Unix seconds; null: it never expires. */
  until: bigint | null;
  /** For a Seaport order, what the order pays back to the Safe (the rest goes to others). */
  inReturn?: GrantedAsset[];
  /** The contract that enforces it, when it is the well-known one. */
  contract?: string;
};

export type GrantedAsset = {
  token: Address;
  /** Base units; 'unlimited' for an amount no real supply reaches (the largest of its type). */
  amount: bigint | 'unlimited';
  /** For an NFT: its id, or 'any' for a whole collection (Seaport criteria items). */
  tokenId?: bigint | 'any';
  standard: 'native' | 'ERC20' | 'ERC721' | 'ERC1155';
};

/** Why a grant deserves a danger alert, each in words; none when it is bounded in amount and time. */
export type GrantRisk = 'unlimited' | 'long-lived' | 'never-expires' | 'nothing-in-return';

/** An amount at or past 2^128 base units is more than any token's supply: it is asked for as unlimited. */
const unlimitedFrom = 2n ** 128n;
/** A grant usable for longer than this is long-lived. */
export const longLivedSeconds = 30n * 24n * 3600n;

const permit2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const seaports: Record<string, string> = {
  '0x00000000000000ADc04C56Bf30aC9d3c0aAF14dC': 'Seaport 1.5',
  '0x0000000000000068F116a894984e2DB1123eB395': 'Seaport 1.6',
  '0x00000000000001ad428e4906aE43D8F9852d0dD6': 'Seaport 1.4',
};

type Fields = Record<string, unknown>;

const record = (value: unknown): Fields | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : undefined;

const address = (value: unknown): Address | undefined =>
  typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value) : undefined;

function integer(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined;
  if (typeof value !== 'string' || !/^(0x[0-9a-fA-F]+|\d+)$/.test(value.trim())) return undefined;
  return BigInt(value.trim());
}

const amountOf = (value: bigint): bigint | 'unlimited' => (value >= unlimitedFrom ? 'unlimited' : value);

/** The field names of a struct type, to recognise a standard's type by its shape. */
function fieldsOf(typedData: TypedData, type: string): string[] {
  return (typedData.types[type] ?? []).map((field) => field.name);
}

const hasFields = (typedData: TypedData, type: string, names: string[]) => {
  const present = new Set(fieldsOf(typedData, type));
  return names.every((name) => present.has(name));
};

function contractName(typedData: TypedData): string | undefined {
  const verifying = address(typedData.domain.verifyingContract);
  if (!verifying) return undefined;
  if (verifying === permit2) return 'Permit2';
  return seaports[verifying];
}

/** What `typedData` grants, or undefined when it grants no tokens (as far as these standards go). */
export function tokenGrant(typedData: TypedData): TokenGrant | undefined {
  const message = typedData.message;
  const primary = typedData.primaryType;
  const verifying = address(typedData.domain.verifyingContract);
  const contract = contractName(typedData);
  const withContract = (grant: TokenGrant): TokenGrant => (contract ? { ...grant, contract } : grant);

  // EIP-2612: the token itself is the verifying contract.
  if (primary === 'Permit' && hasFields(typedData, 'Permit', ['owner', 'spender', 'value', 'deadline'])) {
    const spender = address(message.spender);
    const value = integer(message.value);
    const deadline = integer(message.deadline);
    if (!verifying || !spender || value === undefined || deadline === undefined) return undefined;
    return {
      kind: 'EIP-2612 permit',
      spender,
      assets: [{ token: verifying, amount: amountOf(value), standard: 'ERC20' }],
      until: deadline >= unlimitedFrom ? null : deadline,
    };
  }
  // DAI's own permit: all or nothing, and an expiry of 0 means never.
  if (primary === 'Permit' && hasFields(typedData, 'Permit', ['holder', 'spender', 'expiry', 'allowed'])) {
    const spender = address(message.spender);
    const expiry = integer(message.expiry);
    if (!verifying || !spender || expiry === undefined || message.allowed !== true) return undefined;
    return {
      kind: 'DAI permit',
      spender,
      assets: [{ token: verifying, amount: 'unlimited', standard: 'ERC20' }],
      until: expiry === 0n ? null : expiry,
    };
  }
  // Permit2's allowances: each token up to an amount until an expiration, for a spender.
  if (
    (primary === 'PermitSingle' || primary === 'PermitBatch') &&
    hasFields(typedData, primary, ['details', 'spender', 'sigDeadline'])
  ) {
    const spender = address(message.spender);
    const details = Array.isArray(message.details) ? message.details : [message.details];
    const assets: GrantedAsset[] = [];
    let until: bigint | null = 0n;
    for (const detail of details.map(record)) {
      const token = address(detail?.token);
      const amount = integer(detail?.amount);
      const expiration = integer(detail?.expiration);
      if (!token || amount === undefined || expiration === undefined) return undefined;
      assets.push({ token, amount: amountOf(amount), standard: 'ERC20' });
      // Permit2 reads an expiration of 0 as "this block only".
      if (until !== null && expiration > until) until = expiration >= 2n ** 48n - 1n ? null : expiration;
    }
    if (!spender || assets.length === 0) return undefined;
    return withContract({ kind: 'Permit2 allowance', spender, assets, until });
  }
  // Permit2's signature transfers: one transfer each, up to the amounts, before the deadline.
  const transfers: Record<string, TokenGrant['kind']> = {
    PermitTransferFrom: 'Permit2 transfer',
    PermitBatchTransferFrom: 'Permit2 transfer',
    PermitWitnessTransferFrom: 'Permit2 transfer with witness',
    PermitBatchWitnessTransferFrom: 'Permit2 transfer with witness',
  };
  const transferKind = transfers[primary];
  if (transferKind && hasFields(typedData, primary, ['permitted', 'spender', 'deadline'])) {
    const spender = address(message.spender);
    const deadline = integer(message.deadline);
    const permitted = Array.isArray(message.permitted) ? message.permitted : [message.permitted];
    const assets: GrantedAsset[] = [];
    for (const item of permitted.map(record)) {
      const token = address(item?.token);
      const amount = integer(item?.amount);
      if (!token || amount === undefined) return undefined;
      assets.push({ token, amount: amountOf(amount), standard: 'ERC20' });
    }
    if (!spender || deadline === undefined || assets.length === 0) return undefined;
    return withContract({
      kind: transferKind,
      spender,
      assets,
      until: deadline >= unlimitedFrom ? null : deadline,
    });
  }
  // Seaport: the offerer gives its offer to whoever fulfils the order, against the consideration.
  if (
    (primary === 'OrderComponents' || primary === 'BulkOrder') &&
    (hasFields(typedData, 'OrderComponents', ['offerer', 'offer', 'consideration', 'endTime']) ||
      primary === 'BulkOrder')
  ) {
    const orders = primary === 'BulkOrder' ? flattenBulk(message.tree) : [message];
    const assets: GrantedAsset[] = [];
    const inReturn: GrantedAsset[] = [];
    let until: bigint = 0n;
    for (const order of orders.map(record)) {
      const offerer = address(order?.offerer);
      const endTime = integer(order?.endTime);
      if (!order || !offerer || endTime === undefined) return undefined;
      for (const item of arrayOf(order.offer)) {
        const asset = seaportItem(item, 'startAmount');
        if (!asset) return undefined;
        assets.push(asset);
      }
      for (const item of arrayOf(order.consideration)) {
        const asset = seaportItem(item, 'startAmount');
        if (!asset) return undefined;
        if (address(record(item)?.recipient) === offerer) inReturn.push(asset);
      }
      if (endTime > until) until = endTime;
    }
    if (assets.length === 0) return undefined;
    return withContract({
      kind: 'Seaport order',
      spender: 'anyone',
      assets,
      inReturn,
      until: until >= unlimitedFrom ? null : until,
    });
  }
  return undefined;
}

const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A Seaport bulk order signs a tree of orders: every order in it counts. */
function flattenBulk(tree: unknown, depth = 0): unknown[] {
  if (depth > 24) return [];
  if (!Array.isArray(tree)) return record(tree) ? [tree] : [];
  return tree.flatMap((node) => flattenBulk(node, depth + 1));
}

/** Seaport's item types: 0 native, 1 ERC20, 2 ERC721, 3 ERC1155, 4 and 5 the same by criteria (any id). */
const seaportStandards: GrantedAsset['standard'][] = [
  'native',
  'ERC20',
  'ERC721',
  'ERC1155',
  'ERC721',
  'ERC1155',
];

function seaportItem(value: unknown, amountField: string): GrantedAsset | undefined {
  const item = record(value);
  const itemType = integer(item?.itemType);
  const token = address(item?.token);
  const amount = integer(item?.[amountField]);
  const identifier = integer(item?.identifierOrCriteria);
  if (itemType === undefined || itemType > 5n || !token || amount === undefined || identifier === undefined)
    return undefined;
  const standard = seaportStandards[Number(itemType)] ?? 'ERC20';
  const byCriteria = itemType >= 4n;
  return {
    token,
    amount: amountOf(amount),
    standard,
    ...(standard === 'ERC721' || standard === 'ERC1155'
      ? { tokenId: byCriteria ? ('any' as const) : identifier }
      : {}),
  };
}

/** What makes `grant` dangerous to sign, judged at `nowSeconds`. */
export function grantRisks(grant: TokenGrant, nowSeconds: bigint): GrantRisk[] {
  const risks: GrantRisk[] = [];
  if (grant.assets.some((asset) => asset.amount === 'unlimited' || asset.tokenId === 'any'))
    risks.push('unlimited');
  if (grant.until === null) risks.push('never-expires');
  else if (grant.until - nowSeconds > longLivedSeconds) risks.push('long-lived');
  if (grant.kind === 'Seaport order' && (grant.inReturn ?? []).length === 0) risks.push('nothing-in-return');
  return risks;
}
