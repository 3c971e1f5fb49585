import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { methods, type BridgeReply } from '../src';
import { APP_ORIGIN, HASH, SAFE, flush, setup } from './harness';

/**
 * 10,000 random and hostile messages (100 runs of 100): from the app's window and from others, from
 * the app's origin and from look-alikes, well-formed and not, with prototype keys, huge payloads,
 * unknown methods and params of the wrong types. Whatever arrives: nothing throws, each well-formed
 * request from the app gets exactly one reply, every reply goes to the app's window and origin, and
 * nothing else is answered.
 */

const RUNS = 100;
const PER_RUN = 100;

const hugeString = 'x'.repeat(1_000_000);
const hugeArray = Array.from({ length: 50_000 }, (_, index) => index);
let deep: unknown = {};
for (let i = 0; i < 300; i++) deep = { next: deep };
const polluted = JSON.parse(
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
) as unknown;

const hostile = fc.oneof(
  fc.constant(hugeString),
  fc.constant(hugeArray),
  fc.constant(deep),
  fc.constant(polluted),
  fc.constant({ txs: [polluted] }),
  fc.constant({ typedData: { domain: polluted, types: polluted, message: polluted } }),
  fc.constant([{ requestAddressBook: {}, __proto__: { x: 1 } }]),
);

const validParams = fc.oneof(
  fc.constant(undefined),
  fc.constant({ txs: [{ to: SAFE, value: '1', data: '0x' }], params: { safeTxGas: '0x10' } }),
  fc.constant({ txs: [] }),
  fc.constant({ safeTxHash: HASH }),
  fc.constant({ safeTxHash: '' }),
  fc.constant({ currency: 'eur' }),
  fc.constant({ call: 'eth_blockNumber', params: [] }),
  fc.constant({ call: 'eth_sendRawTransaction', params: ['0x00'] }),
  fc.constant({ call: 'safe_setSettings', params: [{ offChainSigning: false }] }),
  fc.constant({ message: 'hello' }),
  fc.constant({ typedData: { domain: {}, types: { A: [] }, message: {} } }),
  fc.constant(HASH),
  fc.constant([{ requestAddressBook: {} }]),
  fc.constant([{ eth_accounts: {} }]),
);

const params = fc.oneof(
  { weight: 4, arbitrary: validParams },
  { weight: 3, arbitrary: fc.anything({ withObjectString: true, withNullPrototype: true, maxDepth: 4 }) },
  { weight: 1, arbitrary: hostile },
);

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...methods) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'eth_sign'),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 120 }) },
);

const version = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('9.1.0', '1.0.0', '10.0.0-beta') },
  { weight: 1, arbitrary: fc.constantFrom('0.4.1', '', 'latest', '-1.0.0') },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
);

/** A request as the SDK shapes it, or with a part missing or of another type. */
const envelope = fc.record(
  {
    id: fc.oneof({ weight: 8, arbitrary: fc.constant('ID') }, { weight: 1, arbitrary: fc.anything() }),
    method,
    params,
    env: fc.oneof(
      { weight: 8, arbitrary: fc.record({ sdkVersion: version }) },
      { weight: 1, arbitrary: fc.anything() },
    ),
  },
  { requiredKeys: ['method', 'params'] },
);

const data = fc.oneof(
  { weight: 6, arbitrary: envelope },
  { weight: 1, arbitrary: fc.anything({ withObjectString: true }) },
  { weight: 1, arbitrary: hostile },
);

const event = fc.record({
  data,
  source: fc.constantFrom('app', 'app', 'app', 'other', 'none'),
  origin: fc.constantFrom(
    APP_ORIGIN,
    APP_ORIGIN,
    APP_ORIGIN,
    'https://evil.example',
    'http://app.example',
    `${APP_ORIGIN}.evil.example`,
    'null',
    `${APP_ORIGIN}/`,
  ),
});

/** The test's own reading of a well-formed request (not the bridge's). */
function wellFormed(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const plain = (object: object) =>
    [Object.prototype, null].includes(Object.getPrototypeOf(object) as object | null);
  if (!plain(value)) return false;
  const { id, method: name, env } = value as Record<string, unknown>;
  if (!Object.hasOwn(value, 'id') || typeof id !== 'string' || id.length === 0) return false;
  if (typeof name !== 'string' || name.length === 0 || name.length > 100) return false;
  if (typeof env !== 'object' || env === null || Array.isArray(env) || !plain(env)) return false;
  const sdkVersion = (env as Record<string, unknown>).sdkVersion;
  return (
    typeof sdkVersion === 'string' &&
    sdkVersion.length <= 50 &&
    Number.parseInt(sdkVersion.split('.')[0] ?? '', 10) >= 1
  );
}

describe('the bridge under 10,000 random and hostile messages', () => {
  it('never throws, answers each well-formed request from the app once, and nothing else', async () => {
    let total = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: PER_RUN, maxLength: PER_RUN }), async (events) => {
        const harness = setup();
        const expected = new Set<string>();
        events.forEach((entry, index) => {
          total++;
          let message = entry.data;
          // Each envelope gets an id of its own, so its replies can be counted.
          if (
            typeof message === 'object' &&
            message !== null &&
            !Array.isArray(message) &&
            (message as { id?: unknown }).id === 'ID'
          )
            message = { ...(message as object), id: `m${index}` };
          const source =
            entry.source === 'app'
              ? harness.appWindow
              : entry.source === 'other'
                ? harness.otherWindow
                : null;
          if (source === harness.appWindow && entry.origin === APP_ORIGIN && wellFormed(message))
            expected.add((message as { id: string }).id);
          expect(() => harness.send(message, { origin: entry.origin, source })).not.toThrow();
        });
        await flush();
        await flush();
        const counts = new Map<string, number>();
        for (const posted of harness.posted) {
          expect(posted.window).toBe('app');
          expect(posted.targetOrigin).toBe(APP_ORIGIN);
          const reply = posted.message as BridgeReply;
          expect(typeof reply.version).toBe('string');
          expect(typeof reply.success).toBe('boolean');
          if (!reply.success) expect(typeof reply.error).toBe('string');
          counts.set(reply.id, (counts.get(reply.id) ?? 0) + 1);
        }
        for (const id of expected) expect(counts.get(id), `replies to ${id}`).toBe(1);
        for (const id of counts.keys()) expect(expected.has(id), `unexpected reply to ${id}`).toBe(true);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        harness.bridge.dispose();
      }),
      { numRuns: RUNS },
    );
    expect(total).toBe(RUNS * PER_RUN);
  }, 120_000);
});
