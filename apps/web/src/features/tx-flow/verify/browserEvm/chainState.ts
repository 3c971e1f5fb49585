import { SimpleStateManager } from '@ethereumjs/statemanager';
import { createAccount, hexToBytes, unpadBytes, type Account, type Address } from '@ethereumjs/util';
import { bytesToHex, isHex, keccak256, numberToHex, size, type Hex } from 'viem';
import type { RpcRequest } from '@countersign/safe-core';

/** An account as the chain has it at the pinned block. */
export type ChainAccount = { balance: bigint; nonce: bigint; code: Hex };

const hexAnswer = (answer: unknown, what: string): Hex => {
  if (!isHex(answer)) throw new Error(`the RPC gave no ${what}`);
  return answer;
};

/**
 * The chain's state at one block, read over its RPC on demand and kept: each account (balance,
 * nonce and code, asked together so that a batching transport sends them as one request) and each
 * storage slot is asked once. Reads are pinned to the block, so that every answer is of one state.
 */
export class ChainReads {
  private readonly accounts = new Map<string, Promise<ChainAccount>>();
  private readonly slots = new Map<string, Promise<Hex>>();

  constructor(
    private readonly request: RpcRequest,
    private readonly block: Hex,
  ) {}

  account(address: Hex): Promise<ChainAccount> {
    const key = address.toLowerCase();
    let account = this.accounts.get(key);
    if (!account) {
      account = Promise.all([
        this.request({ method: 'eth_getBalance', params: [key, this.block] }),
        this.request({ method: 'eth_getTransactionCount', params: [key, this.block] }),
        this.request({ method: 'eth_getCode', params: [key, this.block] }),
      ]).then(([balance, nonce, code]) => ({
        balance: BigInt(hexAnswer(balance, 'balance')),
        nonce: BigInt(hexAnswer(nonce, 'nonce')),
        code: hexAnswer(code, 'code'),
      }));
      this.accounts.set(key, account);
    }
    return account;
  }

  storage(address: Hex, slot: Hex): Promise<Hex> {
    const key = `${address.toLowerCase()}_${slot.toLowerCase()}`;
    let value = this.slots.get(key);
    if (!value) {
      value = this.request({
        method: 'eth_getStorageAt',
        params: [address.toLowerCase(), slot, this.block],
      }).then((answer) => numberToHex(BigInt(hexAnswer(answer, 'storage word')), { size: 32 }));
      this.slots.set(key, value);
    }
    return value;
  }
}

const emptyCodeHash = keccak256('0x');
/** A storage value (the EVM keeps it without leading zeros) as a 32-byte word. */
const wordOf = (bytes: Uint8Array): Hex =>
  numberToHex(bytes.length ? BigInt(bytesToHex(bytes)) : 0n, { size: 32 });
const slotKey = (address: Address, key: Uint8Array) => `${address.toString()}_${wordOf(key)}`;

/**
 * The EVM's state: what the execution wrote, in SimpleStateManager's checkpointed layers (a call
 * that reverts drops its layer), over the chain's state read on demand for what was not written.
 * (The package's RPCStateManager commits only its account cache on a checkpoint's commit, which
 * unbalances its storage checkpoints under nested calls; and it asks its own URL, not our client.)
 */
export class ChainStateManager extends SimpleStateManager {
  constructor(readonly chain: ChainReads) {
    super();
  }

  override async getAccount(address: Address): Promise<Account | undefined> {
    const key = address.toString();
    const written = this.topAccountStack();
    if (written.has(key)) return written.get(key);
    const { balance, nonce, code } = await this.chain.account(key);
    if (balance === 0n && nonce === 0n && size(code) === 0) return undefined;
    // A new object each time: the EVM changes the account it is given before it puts it back.
    return createAccount({ balance, nonce, codeHash: size(code) === 0 ? emptyCodeHash : keccak256(code) });
  }

  override async getCode(address: Address): Promise<Uint8Array> {
    const written = this.topCodeStack().get(address.toString());
    if (written) return written;
    return hexToBytes((await this.chain.account(address.toString())).code);
  }

  override async getCodeSize(address: Address): Promise<number> {
    return (await this.getCode(address)).length;
  }

  override async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const written = this.topStorageStack();
    const slot = slotKey(address, key);
    const value = written.get(slot);
    if (value) return value;
    if (written.has(`${address.toString()}_cleared`)) return new Uint8Array(0);
    return unpadBytes(hexToBytes(await this.chain.storage(address.toString(), slot.split('_')[1] as Hex)));
  }

  override async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    this.topStorageStack().set(slotKey(address, key), value);
  }

  /** A created (or destroyed) account's storage starts empty: the chain's is not read for it again. */
  override async clearStorage(address: Address): Promise<void> {
    await super.clearStorage(address);
    this.topStorageStack().set(`${address.toString()}_cleared`, new Uint8Array(0));
  }

  /** The slots written so far, per account (lower-case address), with their values as words. */
  writtenStorage(): Map<string, Map<Hex, Hex>> {
    const accounts = new Map<string, Map<Hex, Hex>>();
    for (const [key, value] of this.topStorageStack()) {
      const [address, slot] = key.split('_') as [string, string];
      if (slot === 'cleared') continue;
      const slots = accounts.get(address) ?? new Map<Hex, Hex>();
      slots.set(slot as Hex, wordOf(value));
      accounts.set(address, slots);
    }
    return accounts;
  }

  /** The accounts written so far (lower-case address), with their balances. */
  writtenBalances(): Map<string, bigint> {
    const balances = new Map<string, bigint>();
    for (const [address, account] of this.topAccountStack()) balances.set(address, account?.balance ?? 0n);
    return balances;
  }
}
