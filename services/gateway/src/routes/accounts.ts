import { Hono, type Context } from 'hono';
import {
  addDelegateBodySchema,
  registerDeviceBodySchema,
  removeDelegateBodySchema,
  type Delegate,
} from '@countersign/gateway-api';
import { delegateTotp, delegateTypedData, notificationRegistrationMessage } from '@countersign/safe-core';
import { randomUUID } from 'node:crypto';
import {
  getAddress,
  hashTypedData,
  keccak256,
  recoverAddress,
  recoverMessageAddress,
  stringToBytes,
  type Address,
  type Hex,
} from 'viem';
import type { ChainRegistry, ServedChain } from '../chains/registry';
import { parseBody, unprocessable } from '../http/body';
import { HttpError, invalidParam, notFound } from '../http/errors';
import { parseCursor, toPage } from '../http/paging';
import { parseAddressParam } from '../http/params';
import { isDelegateOf } from '../delegates/store';
import { requireSafe } from '../safes/requireSafe';
import type { SafeAppCatalogue } from '../safeApps';
import { isValidContractSignature } from '../safes/verifySignatures';
import type { Database } from '../store';
import { typedDataPreimage } from '@countersign/safe-core';
import { requireChain } from './chains';

/** How far a registration's timestamp may be from the gateway's clock, as on the Safe Client Gateway. */
const registrationMaxSkewSeconds = 300;

const badRequest = (message: string) =>
  new HttpError(400, { statusCode: 400, code: 400, message, error: 'Bad Request' });

/**
 * Whether `signer` signed the delegate message for `delegate` this hour or the last: by recovery for
 * an EOA, by EIP-1271 for a contract.
 */
async function signedDelegate(
  chain: ServedChain,
  signer: Address,
  delegate: Address,
  signature: Hex,
): Promise<boolean> {
  const now = delegateTotp();
  for (const totp of [now, now - 1n]) {
    const typedData = delegateTypedData({ chainId: Number(chain.config.chainId), delegate, totp });
    const hash = hashTypedData(typedData);
    try {
      if (getAddress(await recoverAddress({ hash, signature })) === signer) return true;
    } catch {
      // Not a plain ECDSA signature.
    }
    if (
      await isValidContractSignature(
        chain.client,
        signer,
        { hash, preimage: typedDataPreimage(typedData) },
        signature,
      )
    )
      return true;
  }
  return false;
}

function delegatesQuery(c: Context) {
  const address = (name: string) => {
    const value = c.req.query(name);
    return value === undefined || value === '' ? undefined : parseAddressParam(value, name);
  };
  const filters = {
    safe: address('safe'),
    delegate: address('delegate'),
    delegator: address('delegator'),
    label: c.req.query('label'),
  };
  if (!filters.safe && !filters.delegate && !filters.delegator && !filters.label) {
    throw invalidParam('query', 'At least one property is required');
  }
  return filters;
}

export function accountRoutes(chains: ChainRegistry, db: Database, safeApps: SafeAppCatalogue) {
  const listDelegates = async (c: Context) => {
    const chain = requireChain(chains, c.req.param('chainId') ?? '');
    const filters = delegatesQuery(c);
    const window = parseCursor(c.req.query('cursor'));
    const where = `chain_id = $1 AND ($2::text IS NULL OR safe = $2) AND ($3::text IS NULL OR delegate = $3)
      AND ($4::text IS NULL OR delegator = $4) AND ($5::text IS NULL OR label = $5)`;
    const params = [
      chain.config.chainId,
      filters.safe ?? null,
      filters.delegate ?? null,
      filters.delegator ?? null,
      filters.label ?? null,
    ];
    const [rows, countRows] = await Promise.all([
      db.query<{ safe: string; delegate: string; delegator: string; label: string }>(
        `SELECT safe, delegate, delegator, label FROM delegates WHERE ${where} ORDER BY created_at_ms, delegate LIMIT $6 OFFSET $7`,
        [...params, window.limit, window.offset],
      ),
      db.query<{ n: string }>(`SELECT COUNT(*) AS n FROM delegates WHERE ${where}`, params),
    ]);
    const items: Delegate[] = rows.map((row) => ({
      safe: row.safe === '' ? null : row.safe,
      delegate: row.delegate,
      delegator: row.delegator,
      label: row.label,
    }));
    return c.json(toPage(c.req.raw, window, items, Number(countRows[0]?.n ?? 0)));
  };

  return new Hono()
    .get('/v1/chains/:chainId/delegates', listDelegates)
    .get('/v2/chains/:chainId/delegates', listDelegates)
    .post('/v2/chains/:chainId/delegates', async (c) => {
      const chain = requireChain(chains, c.req.param('chainId'));
      const body = await parseBody(c, addDelegateBodySchema);
      const delegate = getAddress(body.delegate);
      const delegator = getAddress(body.delegator);
      const safe = body.safe ? getAddress(body.safe) : null;
      if (delegate === delegator) throw unprocessable('A delegator cannot delegate to itself');
      if (!(await signedDelegate(chain, delegator, delegate, body.signature as Hex)))
        throw unprocessable('Invalid signature');
      if (safe && !(await requireSafe(chain, safe)).owners.includes(delegator))
        throw unprocessable('Delegator is not an owner of the Safe');
      await db.query(
        `INSERT INTO delegates (chain_id, safe, delegate, delegator, label, created_at_ms) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (chain_id, safe, delegate, delegator) DO UPDATE SET label = EXCLUDED.label`,
        [chain.config.chainId, safe ?? '', delegate, delegator, body.label, Date.now()],
      );
      return c.body(null, 200);
    })
    .delete('/v2/chains/:chainId/delegates/:delegate', async (c) => {
      const chain = requireChain(chains, c.req.param('chainId'));
      const delegate = parseAddressParam(c.req.param('delegate'), 'delegate');
      const body = await parseBody(c, removeDelegateBodySchema);
      const delegator = body.delegator ? getAddress(body.delegator) : null;
      const safe = body.safe ? getAddress(body.safe) : null;
      const rows = await db.query<{ delegator: string }>(
        `SELECT delegator FROM delegates WHERE chain_id = $1 AND delegate = $2 AND ($3::text IS NULL OR delegator = $3)
           AND ($4::text IS NULL OR safe = $4)`,
        [chain.config.chainId, delegate, delegator, safe],
      );
      if (rows.length === 0) throw notFound('Delegate not found');
      // Either the delegator or the delegate itself may remove the delegation.
      const signers = [...new Set([...rows.map((row) => getAddress(row.delegator)), delegate])];
      let allowed = false;
      for (const signer of signers) {
        if (await signedDelegate(chain, signer, delegate, body.signature as Hex)) {
          allowed = true;
          break;
        }
      }
      if (!allowed) throw unprocessable('Invalid signature');
      await db.query(
        `DELETE FROM delegates WHERE chain_id = $1 AND delegate = $2 AND ($3::text IS NULL OR delegator = $3)
           AND ($4::text IS NULL OR safe = $4)`,
        [chain.config.chainId, delegate, delegator, safe],
      );
      return c.body(null, 200);
    })
    .post('/v1/register/notifications', async (c) => {
      const body = await parseBody(c, registerDeviceBodySchema);
      const uuid = body.uuid ?? randomUUID();
      // The timestamp is part of what is signed: without it (or with an old one) a signature seen
      // once could register a device forever.
      if (!body.timestamp) throw badRequest('A registration needs a timestamp');
      const skew = Math.abs(Date.now() / 1000 - Number(body.timestamp));
      if (skew > registrationMaxSkewSeconds) throw badRequest('The signature is expired!');
      const unsigned = () =>
        badRequest('A registration needs the signature of an owner or a delegate of each Safe');
      if (body.safeRegistrations.length === 0) throw unsigned();
      const subscriptions: { chainId: string; safe: Address; signers: Address[] }[] = [];
      for (const registration of body.safeRegistrations) {
        const chain = requireChain(chains, registration.chainId);
        const safes = registration.safes.map((safe) => getAddress(safe));
        if (registration.signatures.length === 0) throw unsigned();
        const message = notificationRegistrationMessage({
          timestamp: body.timestamp,
          uuid,
          cloudMessagingToken: body.cloudMessagingToken,
          safes,
        });
        const hash = keccak256(stringToBytes(message));
        const signers: Address[] = [];
        for (const signature of registration.signatures) {
          try {
            // Browsers sign the hash as a message (personal_sign); phones sign it directly.
            signers.push(
              body.deviceType === 'WEB'
                ? await recoverMessageAddress({ message: { raw: hash }, signature: signature as Hex })
                : await recoverAddress({ hash, signature: signature as Hex }),
            );
          } catch {
            throw badRequest('Invalid signature');
          }
        }
        for (const safe of safes) {
          const { owners } = await requireSafe(chain, safe);
          for (const signer of signers) {
            if (
              !owners.includes(signer) &&
              !(await isDelegateOf(db, { chainId: chain.config.chainId, safe, address: signer, owners }))
            )
              throw badRequest('Invalid signature');
          }
          subscriptions.push({ chainId: registration.chainId, safe, signers });
        }
      }
      // A device stays with whoever registered it: somebody else knowing its uuid must not take over
      // its token or its Safes, unless a signer it already has signs too.
      const bound = new Set(
        (
          await db.query<{ signers: string }>(
            'SELECT signers FROM notification_subscriptions WHERE device_uuid = $1',
            [uuid],
          )
        ).flatMap((row) => row.signers.split(',').filter(Boolean)),
      );
      if (bound.size > 0 && !subscriptions.some((s) => s.signers.some((signer) => bound.has(signer))))
        throw unprocessable('This device is registered by other signers');
      const now = Date.now();
      await db.transaction(async (sql) => {
        await sql.query(
          `INSERT INTO notification_devices (uuid, cloud_messaging_token, build_number, bundle, device_type, version, created_at_ms, updated_at_ms)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
           ON CONFLICT (uuid) DO UPDATE SET cloud_messaging_token = EXCLUDED.cloud_messaging_token,
             build_number = EXCLUDED.build_number, bundle = EXCLUDED.bundle, device_type = EXCLUDED.device_type,
             version = EXCLUDED.version, updated_at_ms = EXCLUDED.updated_at_ms`,
          [uuid, body.cloudMessagingToken, body.buildNumber, body.bundle, body.deviceType, body.version, now],
        );
        // A phone re-registering replaces what it had; a browser adds to it.
        if (body.deviceType !== 'WEB' && body.uuid) {
          await sql.query('DELETE FROM notification_subscriptions WHERE device_uuid = $1', [uuid]);
        }
        for (const s of subscriptions) {
          await sql.query(
            `INSERT INTO notification_subscriptions (device_uuid, chain_id, safe, signers) VALUES ($1, $2, $3, $4)
             ON CONFLICT (device_uuid, chain_id, safe) DO UPDATE SET signers = EXCLUDED.signers`,
            [uuid, s.chainId, s.safe, s.signers.join(',')],
          );
        }
      });
      return c.body(null, 200);
    })
    .delete('/v1/chains/:chainId/notifications/devices/:uuid/safes/:safe', async (c) => {
      const chain = requireChain(chains, c.req.param('chainId'));
      const uuid = c.req.param('uuid');
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid))
        throw invalidParam('uuid', 'Invalid UUID');
      const safe = parseAddressParam(c.req.param('safe'), 'safe');
      await db.query(
        'DELETE FROM notification_subscriptions WHERE device_uuid = $1 AND chain_id = $2 AND safe = $3',
        [uuid, chain.config.chainId, safe],
      );
      return c.body(null, 200);
    })
    .delete('/v1/chains/:chainId/notifications/devices/:uuid', async (c) => {
      requireChain(chains, c.req.param('chainId'));
      const uuid = c.req.param('uuid');
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid))
        throw invalidParam('uuid', 'Invalid UUID');
      await db.query('DELETE FROM notification_devices WHERE uuid = $1', [uuid]);
      return c.body(null, 200);
    })
    .get('/v1/chains/:chainId/safe-apps', (c) => {
      const chain = requireChain(chains, c.req.param('chainId'));
      return c.json(safeApps.list(chain.config.chainId, c.req.query('url') || undefined));
    });
}
