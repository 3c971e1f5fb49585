import { describe, expect, it } from 'vitest';
import { concat, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { safeMessageContentHash, safeMessageTypedData } from '@countersign/safe-core';
import { combinedSignature } from './combinedSignature';

// anvil's dev accounts 1 and 2, owners A and B of the demo Safe: public test keys.
const mnemonic = 'test test test test test test test test test test test junk';
const ownerA = mnemonicToAccount(mnemonic, { addressIndex: 1 });
const ownerB = mnemonicToAccount(mnemonic, { addressIndex: 2 });
const safe = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const typedData = safeMessageTypedData({ chainId: 1337, safe, message: safeMessageContentHash('hello') });

const info = (value: string) => ({ value, name: null, logoUri: null });

describe('the signature the Safe is asked about', () => {
  it('is the gateway’s preparedSignature when it gives one', () => {
    const prepared: Hex = `0x${'ab'.repeat(130)}`;
    expect(combinedSignature({ preparedSignature: prepared, confirmations: [] })).toEqual({
      ok: true,
      value: { signatures: prepared, source: 'prepared' },
    });
  });

  it('else the confirmations sorted by owner address and concatenated', async () => {
    const [a, b] = await Promise.all([ownerA.signTypedData(typedData), ownerB.signTypedData(typedData)]);
    // Owner B (0x3C44…) sorts before owner A (0x7099…), whatever order the gateway lists them in.
    const result = combinedSignature({
      preparedSignature: null,
      confirmations: [
        { owner: info(ownerA.address), signature: a },
        { owner: info(ownerB.address), signature: b },
      ],
    });
    expect(result).toEqual({ ok: true, value: { signatures: concat([b, a]), source: 'combined' } });
  });

  it('says why when there is nothing to combine, or a confirmation cannot be read', () => {
    expect(combinedSignature({ preparedSignature: null, confirmations: [] })).toEqual({
      ok: false,
      error: 'No owner has signed the message.',
    });
    const unreadable = combinedSignature({
      preparedSignature: null,
      confirmations: [{ owner: info(ownerA.address), signature: '0x1234' }],
    });
    expect(unreadable).toEqual({
      ok: false,
      error: `The signature of ${ownerA.address} is neither 65 bytes nor a contract signature`,
    });
  });
});
