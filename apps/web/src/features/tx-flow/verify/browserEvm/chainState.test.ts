import { createAddressFromString, hexToBytes } from '@ethereumjs/util';
import { describe, expect, it } from 'vitest';
import { numberToHex, type Hex } from 'viem';
import type { RpcRequest } from '@countersign/safe-core';
import { ChainReads, ChainStateManager } from './chainState';

const safe = '0x00000000000000000000000000000000000005af';
const word = (value: bigint): Hex => numberToHex(value, { size: 32 });

/** A chain whose every slot holds 7 and whose Safe has 1 ether and code, counting what it is asked. */
function chainOf() {
  const asked: string[] = [];
  const request: RpcRequest = async ({ method, params }) => {
    asked.push(`${method} ${String(params[0])}`);
    expect(params.at(-1)).toBe('0x10');
    if (method === 'eth_getStorageAt') return '0x7';
    if (method === 'eth_getBalance') return params[0] === safe ? '0xde0b6b3a7640000' : '0x0';
    if (method === 'eth_getTransactionCount') return params[0] === safe ? '0x1' : '0x0';
    if (method === 'eth_getCode') return params[0] === safe ? '0x6000' : '0x';
    throw new Error(`not asked for: ${method}`);
  };
  return { asked, state: new ChainStateManager(new ChainReads(request, '0x10')) };
}

const address = createAddressFromString(safe);
const slot = (value: bigint) => hexToBytes(word(value));

describe('ChainStateManager', () => {
  it('reads the chain at the pinned block once per account and slot', async () => {
    const { asked, state } = chainOf();
    expect((await state.getAccount(address))?.balance).toBe(10n ** 18n);
    expect(await state.getCode(address)).toEqual(hexToBytes('0x6000'));
    expect(await state.getStorage(address, slot(3n))).toEqual(hexToBytes('0x07'));
    expect(await state.getStorage(address, slot(3n))).toEqual(hexToBytes('0x07'));
    expect(asked).toEqual([
      `eth_getBalance ${safe}`,
      `eth_getTransactionCount ${safe}`,
      `eth_getCode ${safe}`,
      `eth_getStorageAt ${safe}`,
    ]);
  });

  it('drops what a reverted call wrote, nested commits included, and keeps what a committed one wrote', async () => {
    const { state } = chainOf();
    await state.checkpoint();
    await state.putStorage(address, slot(1n), hexToBytes('0x01'));
    await state.checkpoint();
    await state.putStorage(address, slot(2n), hexToBytes('0x02'));
    await state.commit();
    await state.revert();
    expect(await state.getStorage(address, slot(1n))).toEqual(hexToBytes('0x07'));
    expect(await state.getStorage(address, slot(2n))).toEqual(hexToBytes('0x07'));

    await state.checkpoint();
    await state.putStorage(address, slot(2n), hexToBytes('0x02'));
    await state.commit();
    expect(await state.getStorage(address, slot(2n))).toEqual(hexToBytes('0x02'));
    expect(state.writtenStorage()).toEqual(new Map([[safe, new Map([[word(2n), word(2n)]])]]));
  });

  it('gives a cleared account empty storage rather than the chain’s', async () => {
    const { state } = chainOf();
    await state.clearStorage(address);
    expect(await state.getStorage(address, slot(1n))).toEqual(new Uint8Array(0));
    expect(state.writtenStorage()).toEqual(new Map());
  });

  it('has no account where the chain has an empty one', async () => {
    const { state } = chainOf();
    expect(
      await state.getAccount(createAddressFromString('0x000000000000000000000000000000000000dead')),
    ).toBe(undefined);
  });
});
