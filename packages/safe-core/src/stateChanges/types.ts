import type { Address, Hex } from 'viem';

/**
 * What a Safe transaction changes, from executing it against the chain's current state. One result
 * type for every engine: the chain's own node (eth_simulateV1, plus debug_traceCall for storage) or,
 * later, an EVM run in the browser on state read from the node.
 */
export type StateChangesEngine = 'eth_simulateV1' | 'browser-evm';

export type AssetRef =
  | { kind: 'native' }
  | { kind: 'erc20'; address: Address }
  | { kind: 'erc721'; address: Address; tokenId: bigint }
  | { kind: 'erc1155'; address: Address; tokenId: bigint };

/** The net change of one asset held by one account (negative: it leaves the account). */
export type BalanceChange = { account: Address; asset: AssetRef; delta: bigint };

/**
 * A grant the transaction makes: an ERC-20 allowance, one NFT approved to a spender, an operator
 * for a whole collection (ERC-721/1155 setApprovalForAll), or a Permit2 allowance.
 */
export type ApprovalChange =
  | { kind: 'erc20'; token: Address; owner: Address; spender: Address; amount: bigint; unlimited: boolean }
  | { kind: 'erc721'; token: Address; owner: Address; spender: Address; tokenId: bigint; unlimited: false }
  | {
      kind: 'approvalForAll';
      token: Address;
      owner: Address;
      spender: Address;
      approved: boolean;
      unlimited: boolean;
    }
  | {
      kind: 'permit2';
      token: Address;
      owner: Address;
      spender: Address;
      amount: bigint;
      unlimited: boolean;
      /** Unix time the allowance ends (0: the block it was granted in). */
      expiration: bigint;
    };

/** A change to the Safe itself; every one is worth a danger alert. */
export type SafeChange =
  | { kind: 'owners'; before: Address[]; after: Address[]; added: Address[]; removed: Address[] }
  | { kind: 'threshold'; before: bigint; after: bigint }
  | { kind: 'modules'; before: Address[]; after: Address[]; added: Address[]; removed: Address[] }
  | { kind: 'implementation' | 'guard' | 'moduleGuard' | 'fallbackHandler'; before: Address; after: Address }
  /** A write to any other slot of the Safe's storage: nothing a Safe transaction normally does. */
  | { kind: 'storage'; slot: Hex; before: Hex; after: Hex };

export type StateChanges = {
  engine: StateChangesEngine;
  /**
   * Executed now, the transaction would fail. `safe`: the Safe itself refused (its error code,
   * worded); `transaction`: the call it makes failed, with that call's reason.
   */
  reverted?: { call: 'safe' | 'transaction'; reason: string };
  balanceChanges: BalanceChange[];
  approvals: ApprovalChange[];
  safeChanges: SafeChange[];
  /** What could not be checked, in words: never shown as checked. */
  unchecked: string[];
};

/** 2^255: an allowance this large is unlimited in practice (max uint256 and the "infinite" variants). */
export const UNLIMITED_FROM = 1n << 255n;
/** Permit2 keeps allowances in uint160: its max is its "unlimited". */
export const PERMIT2_UNLIMITED_FROM = (1n << 160n) - 1n;
