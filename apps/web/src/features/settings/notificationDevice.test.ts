import { describe, expect, it } from 'vitest';
import { parseDevice, PLACEHOLDER_TOKEN_PREFIX, randomUuid } from './notificationDevice';

const uuid = '5dcd7420-6c43-4d59-a528-d22bde57734b';

describe('the stored notification device', () => {
  it('reads a whole record', () => {
    const stored = {
      uuid,
      cloudMessagingToken: `${PLACEHOLDER_TOKEN_PREFIX}x`,
      deviceRegistered: true,
      safes: { '1337:0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590': 1_795_446_335_000 },
    };
    expect(parseDevice(JSON.stringify(stored))).toEqual(stored);
  });

  it('drops what is not a registration time, and starts afresh from a broken record', () => {
    expect(
      parseDevice(JSON.stringify({ uuid, cloudMessagingToken: 't', safes: { a: 'soon', b: 5 } })),
    ).toEqual({ uuid, cloudMessagingToken: 't', deviceRegistered: false, safes: { b: 5 } });
    expect(parseDevice(JSON.stringify({ uuid: 'not-a-uuid', cloudMessagingToken: 't' }))).toBeUndefined();
    expect(parseDevice(JSON.stringify({ uuid, cloudMessagingToken: '' }))).toBeUndefined();
    expect(parseDevice('{')).toBeUndefined();
    expect(parseDevice(null)).toBeUndefined();
  });
});

describe('randomUuid', () => {
  it('makes version 4 UUIDs the gateway accepts, even without crypto.randomUUID', () => {
    const pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(randomUuid()).toMatch(pattern);
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const made = new Set(Array.from({ length: 50 }, () => randomUuid()));
      expect(made.size).toBe(50);
      for (const uuid of made) expect(uuid).toMatch(pattern);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
