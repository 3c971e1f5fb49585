import type { Address, Hex } from 'viem';

/**
 * What a form hands to the review: the calls the Safe should make, in words and in bytes. Every
 * kind of transaction (a payment, a contract call, a batch, a settings change, a rejection, an app's
 * request) is reviewed, signed and sent the same way from here.
 */
export type TxAction = {
  to: Address;
  value: bigint;
  data: Hex;
  /** CALL (0) unless stated; only the review decides whether a delegatecall is acceptable. */
  operation?: 0 | 1;
  /** What this call does, in words, as the form understood it ("Send 1.5 DEV to 0x…"). */
  label?: string;
};

export type TxDraftOrigin = { name: string; url?: string; note?: string };

export type TxDraft = {
  /** The review's title: what the owners are asked to sign ("Send tokens", "Add owner"). */
  title: string;
  /** One call, or several sent as one MultiSendCallOnly batch. */
  actions: TxAction[];
  /** A fixed nonce: a rejection or a replacement takes the nonce of what it replaces. */
  nonce?: number;
  /** Told to the gateway with the proposal (shown as the transaction's app and note). */
  origin?: TxDraftOrigin;
  /** safeTxGas asked for (a Safe App may give one); the review estimates it otherwise. */
  safeTxGas?: bigint;
  /** Called once the transaction is proposed or sent (the batch empties itself then). */
  onSubmitted?: () => void;
};
