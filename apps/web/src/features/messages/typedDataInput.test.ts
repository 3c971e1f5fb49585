import { describe, expect, it } from 'vitest';
import { hashTypedData, type TypedDataDefinition } from 'viem';
import { safeMessageContentHash } from '@countersign/safe-core';
import { countersignOrigin } from './messageContent';
import { readMessageInput } from './sign/messageDraft';
import { PRIMARY_TYPE_REQUIRED, parseTypedDataJson, resolvePrimaryType } from './typedDataInput';

const safe = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';

const mail = {
  domain: { name: 'Ether Mail', version: '1', chainId: 1337, verifyingContract: safe },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
    ],
  },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: [{ name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }],
    contents: 'Hello, Bob!',
  },
};

const json = (value: unknown) => JSON.stringify(value);

describe('the primary type', () => {
  it('is the one given, if it is one of the structs', () => {
    expect(resolvePrimaryType(mail.types, 'Person')).toEqual({ ok: true, value: 'Person' });
    expect(resolvePrimaryType(mail.types, 'Order')).toEqual({
      ok: false,
      error: 'The primary type “Order” is not one of the types.',
    });
    expect(resolvePrimaryType({ ...mail.types, EIP712Domain: [] }, 'EIP712Domain').ok).toBe(false);
  });

  it('without one, is the only struct no other refers to (arrays and EIP712Domain included)', () => {
    const types = {
      EIP712Domain: [{ name: 'name', type: 'string' }],
      ...mail.types,
      Batch: [{ name: 'mails', type: 'Mail[2][]' }],
    };
    expect(resolvePrimaryType(types, undefined)).toEqual({ ok: true, value: 'Batch' });
    expect(resolvePrimaryType(mail.types, '')).toEqual({ ok: true, value: 'Mail' });
  });

  it('cannot be told with two roots, or none', () => {
    const twoRoots = { ...mail.types, Order: [{ name: 'amount', type: 'uint256' }] };
    expect(resolvePrimaryType(twoRoots, undefined)).toEqual({ ok: false, error: PRIMARY_TYPE_REQUIRED });
    expect(resolvePrimaryType({}, undefined)).toEqual({ ok: false, error: PRIMARY_TYPE_REQUIRED });
    expect(resolvePrimaryType({ EIP712Domain: [] }, undefined)).toEqual({
      ok: false,
      error: PRIMARY_TYPE_REQUIRED,
    });
  });
});

describe('typed data pasted as JSON', () => {
  it('reads typed data with its primaryType, hashed as viem and wallets hash it', () => {
    const parsed = parseTypedDataJson(json({ ...mail, primaryType: 'Mail' }));
    expect(parsed).toEqual({ ok: true, value: { ...mail, primaryType: 'Mail' } });
    if (!parsed.ok) return;
    expect(safeMessageContentHash(parsed.value as unknown as TypedDataDefinition)).toBe(
      hashTypedData({ ...mail, primaryType: 'Mail' } as unknown as TypedDataDefinition),
    );
  });

  it('fills in the primaryType when one struct is the root, so the gateway gets it', () => {
    const parsed = parseTypedDataJson(json(mail));
    expect(parsed.ok && parsed.value.primaryType).toBe('Mail');
  });

  it('refuses typed data whose primary type cannot be told: "Please specify primaryType"', () => {
    const types = { ...mail.types, Order: [{ name: 'amount', type: 'uint256' }] };
    expect(parseTypedDataJson(json({ ...mail, types }))).toEqual({
      ok: false,
      error: 'Please specify primaryType',
    });
  });

  it('refuses what is not JSON, or not an object with domain, types and message', () => {
    expect(parseTypedDataJson('')).toEqual({ ok: false, error: 'Paste the typed data as JSON.' });
    const notJson = parseTypedDataJson('{domain:');
    expect(!notJson.ok && notJson.error).toMatch(/^This is not valid JSON: /);
    for (const value of [[], 'text', null, { domain: {}, types: {} }]) {
      expect(parseTypedDataJson(json(value))).toEqual({
        ok: false,
        error: 'Invalid typed data: an object with domain, types and message is needed.',
      });
    }
  });

  it('names the first field that breaks the shape', () => {
    const badField = parseTypedDataJson(json({ ...mail, types: { Mail: [{ name: 'x', type: 5 }] } }));
    expect(!badField.ok && badField.error).toMatch(/^Invalid typed data: types\.Mail\.0\.type: /);
    // Only EIP-712's five domain fields are signed: another one would be shown but not signed.
    const extra = parseTypedDataJson(json({ ...mail, domain: { ...mail.domain, owner: 'me' } }));
    expect(!extra.ok && extra.error).toMatch(/^Invalid typed data: domain: .*owner/);
  });

  it('checks values against their types as a wallet would: addresses, fixed-size bytes, integers', () => {
    const badAddress = parseTypedDataJson(
      json({ ...mail, message: { ...mail.message, from: { name: 'Cow', wallet: '0x1234' } } }),
    );
    expect(!badAddress.ok && badAddress.error).toMatch(/^Invalid typed data: Address "0x1234" is invalid/);
    const bytes = {
      domain: { chainId: 1337 },
      types: { Data: [{ name: 'tag', type: 'bytes4' }] },
      primaryType: 'Data',
    };
    expect(parseTypedDataJson(json({ ...bytes, message: { tag: '0x1234' } })).ok).toBe(false);
    expect(parseTypedDataJson(json({ ...bytes, message: { tag: '0x12345678' } })).ok).toBe(true);
    const tooBig = parseTypedDataJson(
      json({
        domain: {},
        types: { Amount: [{ name: 'value', type: 'uint8' }] },
        message: { value: 256 },
      }),
    );
    expect(tooBig.ok).toBe(false);
  });

  it('takes a chainId written as a string, as wallets do', () => {
    const parsed = parseTypedDataJson(json({ ...mail, domain: { ...mail.domain, chainId: '1337' } }));
    expect(parsed.ok).toBe(true);
  });
});

describe('the form’s input', () => {
  it('takes text exactly as typed, and refuses none', () => {
    expect(readMessageInput('text', '  two\nlines ')).toEqual({ ok: true, value: '  two\nlines ' });
    expect(readMessageInput('text', '')).toEqual({ ok: false, error: 'Enter the message to sign.' });
  });

  it('reads typed data from JSON', () => {
    expect(readMessageInput('typed-data', json(mail))).toMatchObject({
      ok: true,
      value: { primaryType: 'Mail' },
    });
    expect(readMessageInput('typed-data', '{}')).toMatchObject({ ok: false });
  });

  it('says where the message comes from as JSON the message page reads', () => {
    expect(JSON.parse(countersignOrigin('https://countersign.example'))).toEqual({
      name: 'Countersign',
      url: 'https://countersign.example',
    });
  });
});
