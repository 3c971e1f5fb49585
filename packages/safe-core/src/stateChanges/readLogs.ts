import {
  decodeAbiParameters,
  getAddress,
  hexToBigInt,
  isAddressEqual,
  size,
  slice,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import type { SimulatedLog } from './rpcAnswers';
import {
  PERMIT2_UNLIMITED_FROM,
  UNLIMITED_FROM,
  type ApprovalChange,
  type AssetRef,
  type BalanceChange,
} from './types';

/** ERC-7528: the address eth_simulateV1 (traceTransfers) gives the native coin's Transfer logs. */
export const nativeTransferAddress: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
/** Uniswap's Permit2, the same address on every chain. */
export const permit2Address: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3';

/**
 * The events' selectors, written out: hashed here, they cost every first page a keccak each
 * (test/precomputed.test.ts hashes the signatures again).
 */
export const logTopics = {
  /** Transfer(address,address,uint256) */
  transfer: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  /** TransferSingle(address,address,address,uint256,uint256) */
  transferSingle: '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62',
  /** TransferBatch(address,address,address,uint256[],uint256[]) */
  transferBatch: '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb',
  /** Approval(address,address,uint256) */
  approval: '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
  /** ApprovalForAll(address,address,bool) */
  approvalForAll: '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31',
  /** Approval(address,address,address,uint160,uint48) (Permit2) */
  permit2Approval: '0xda9fa7c1b00402c17d0161b249b1ab8bbec047c5a52207b9c112deffd817036b',
  /** Permit(address,address,address,uint160,uint48,uint48) (Permit2) */
  permit2Permit: '0xc6a377bfc4eb120024a8ac08eef205be16b817020812c73223e81d1bdb9708ec',
} as const satisfies Record<string, Hex>;

const topicAddress = (topic: Hex | undefined): Address | undefined =>
  topic && size(topic) === 32 ? getAddress(slice(topic, 12)) : undefined;
const word = (data: Hex, index: number): bigint | undefined =>
  size(data) >= 32 * (index + 1) ? hexToBigInt(slice(data, 32 * index, 32 * (index + 1))) : undefined;

const assetKey = (asset: AssetRef) =>
  asset.kind === 'native'
    ? 'native'
    : `${asset.kind}:${asset.address.toLowerCase()}${'tokenId' in asset ? `:${asset.tokenId}` : ''}`;

type Movement = { from: Address; to: Address; asset: AssetRef; amount: bigint };

/** What one log moves, if it is a transfer this reader knows (ERC-7528 native, ERC-20, 721, 1155). */
function movementsOf(log: SimulatedLog): Movement[] {
  const [topic0, t1, t2, t3] = log.topics;
  const token = getAddress(log.address);
  if (topic0 === logTopics.transfer) {
    const from = topicAddress(t1);
    const to = topicAddress(t2);
    if (!from || !to) return [];
    if (log.topics.length === 3) {
      const amount = word(log.data, 0);
      if (amount === undefined) return [];
      const asset: AssetRef = isAddressEqual(token, nativeTransferAddress)
        ? { kind: 'native' }
        : { kind: 'erc20', address: token };
      return [{ from, to, asset, amount }];
    }
    if (log.topics.length === 4 && t3) {
      return [{ from, to, asset: { kind: 'erc721', address: token, tokenId: hexToBigInt(t3) }, amount: 1n }];
    }
    return [];
  }
  if (topic0 === logTopics.transferSingle || topic0 === logTopics.transferBatch) {
    const from = topicAddress(t2);
    const to = topicAddress(t3);
    if (!from || !to) return [];
    try {
      const [ids, amounts] =
        topic0 === logTopics.transferSingle
          ? decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data).map((value) => [value])
          : decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data);
      return (ids as bigint[]).map((tokenId, index) => ({
        from,
        to,
        asset: { kind: 'erc1155', address: token, tokenId },
        amount: (amounts as bigint[])[index] ?? 0n,
      }));
    } catch {
      return [];
    }
  }
  return [];
}

/**
 * The net balance changes the logs show, per account and asset, in the order they first appear
 * with `first` (the Safe) ahead. Mints and burns change only the side that is not the zero address.
 */
export function readBalanceChanges(logs: readonly SimulatedLog[], first?: Address): BalanceChange[] {
  const changes = new Map<string, BalanceChange>();
  const add = (account: Address, asset: AssetRef, delta: bigint) => {
    if (isAddressEqual(account, zeroAddress)) return;
    const key = `${account.toLowerCase()}|${assetKey(asset)}`;
    const change = changes.get(key);
    if (change) change.delta += delta;
    else changes.set(key, { account, asset, delta });
  };
  for (const log of logs) {
    for (const { from, to, asset, amount } of movementsOf(log)) {
      add(from, asset, -amount);
      add(to, asset, amount);
    }
  }
  const list = [...changes.values()].filter((change) => change.delta !== 0n);
  if (!first) return list;
  return [
    ...list.filter((change) => isAddressEqual(change.account, first)),
    ...list.filter((change) => !isAddressEqual(change.account, first)),
  ];
}

function approvalOf(log: SimulatedLog): ApprovalChange | undefined {
  const [topic0, t1, t2, t3] = log.topics;
  const token = getAddress(log.address);
  const owner = topicAddress(t1);
  const spender = topicAddress(t2);
  if (!owner || !spender) return undefined;
  if (topic0 === logTopics.approval) {
    if (log.topics.length === 3) {
      const amount = word(log.data, 0);
      if (amount === undefined) return undefined;
      return { kind: 'erc20', token, owner, spender, amount, unlimited: amount >= UNLIMITED_FROM };
    }
    if (log.topics.length === 4 && t3) {
      return { kind: 'erc721', token, owner, spender, tokenId: hexToBigInt(t3), unlimited: false };
    }
    return undefined;
  }
  if (topic0 === logTopics.approvalForAll) {
    const approved = word(log.data, 0);
    if (approved === undefined) return undefined;
    return {
      kind: 'approvalForAll',
      token,
      owner,
      spender,
      approved: approved !== 0n,
      unlimited: approved !== 0n,
    };
  }
  if (
    (topic0 === logTopics.permit2Approval || topic0 === logTopics.permit2Permit) &&
    isAddressEqual(token, permit2Address)
  ) {
    // Permit2's events index (owner, token, spender): the token is the second topic.
    const permitToken = spender;
    const permitSpender = topicAddress(t3);
    const amount = word(log.data, 0);
    const expiration = word(log.data, 1);
    if (!permitSpender || amount === undefined || expiration === undefined) return undefined;
    return {
      kind: 'permit2',
      token: permitToken,
      owner,
      spender: permitSpender,
      amount,
      expiration,
      unlimited: amount >= PERMIT2_UNLIMITED_FROM,
    };
  }
  return undefined;
}

const approvalKey = (approval: ApprovalChange) =>
  [
    approval.kind,
    approval.token.toLowerCase(),
    approval.owner.toLowerCase(),
    approval.kind === 'erc721' ? approval.tokenId.toString() : approval.spender.toLowerCase(),
  ].join('|');

/** The approvals and operator grants the logs show; a later one for the same grant replaces the earlier. */
export function readApprovals(logs: readonly SimulatedLog[]): ApprovalChange[] {
  const approvals = new Map<string, ApprovalChange>();
  for (const log of logs) {
    const approval = approvalOf(log);
    if (!approval) continue;
    const key = approvalKey(approval);
    approvals.delete(key);
    approvals.set(key, approval);
  }
  return [...approvals.values()];
}
