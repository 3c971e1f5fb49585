import { Hono } from 'hono';
import { confirmMessageBodySchema, proposeMessageBodySchema } from '@countersign/gateway-api';
import {
  SafeSignatureError,
  safeMessageContentHash,
  safeMessageHash,
  safeMessageTypedData,
  typedDataPreimage,
  type SafeMessageContent,
} from '@countersign/safe-core';
import { isHex, type Address, type Hex } from 'viem';
import type { ChainRegistry, ServedChain } from '../chains/registry';
import { parseBody, unprocessable } from '../http/body';
import { notFound } from '../http/errors';
import { parseCursor, toPage } from '../http/paging';
import { parseAddressParam } from '../http/params';
import { loadMessages, toSafeMessage, withDayLabels } from '../messages/messages';
import type { SafeState } from '../safes/readSafe';
import { requireSafe } from '../safes/requireSafe';
import { NotAnOwnerError, verifySafeSignatures } from '../safes/verifySignatures';
import type { Database } from '../store';
import type { SafeInfoCache } from '../safes/safeInfoCache';
import { requireChain } from './chains';

/** Owners who signed a message, each checked on chain where needed; any non-owner spoils the lot. */
async function ownerSignatures(
  chain: ServedChain,
  state: SafeState,
  signed: { hash: Hex; preimage: Hex },
  signature: Hex,
) {
  let signatures;
  try {
    signatures = await verifySafeSignatures(chain.client, {
      safe: state.address,
      ...signed,
      signatures: signature,
      owners: state.owners,
    });
  } catch (error) {
    if (error instanceof NotAnOwnerError) throw unprocessable('Unauthorized address');
    if (error instanceof SafeSignatureError) throw unprocessable('Invalid signature');
    throw error;
  }
  return signatures;
}

/** The message's hash and its EIP-712 preimage (what a contract owner is asked about on chain). */
function signedMessage(
  chainId: string,
  safe: Address,
  message: SafeMessageContent,
): { hash: Hex; preimage: Hex } {
  try {
    // EIP712Domain is implied by the domain; wallets may or may not list it.
    const content =
      typeof message === 'string'
        ? message
        : ({
            ...message,
            types: withoutDomainType(message.types as Record<string, unknown>),
          } as SafeMessageContent);
    const typedData = safeMessageTypedData({
      chainId: Number(chainId),
      safe,
      message: safeMessageContentHash(content),
    });
    return {
      hash: safeMessageHash({ chainId: Number(chainId), safe, message: content }),
      preimage: typedDataPreimage(typedData),
    };
  } catch {
    throw unprocessable('Could not calculate messageHash');
  }
}

function withoutDomainType(types: Record<string, unknown>): Record<string, unknown> {
  const { EIP712Domain: _domain, ...rest } = types;
  return rest;
}

export function messageRoutes(chains: ChainRegistry, db: Database, safeInfoCache: SafeInfoCache) {
  return new Hono()
    .post('/v1/chains/:chainId/safes/:safe/messages', async (c) => {
      const safe = parseAddressParam(c.req.param('safe'), 'safe');
      const chain = requireChain(chains, c.req.param('chainId'));
      const chainId = chain.config.chainId;
      const body = await parseBody(c, proposeMessageBodySchema);
      const state = await requireSafe(chain, safe);
      const signed = signedMessage(chainId, safe, body.message as SafeMessageContent);
      const messageHash = signed.hash;
      const signatures = await ownerSignatures(chain, state, signed, body.signature as Hex);
      const proposer = signatures[0]?.owner;
      if (!proposer) throw unprocessable('Invalid signature');
      if ((await loadMessages(db, chainId, { hash: messageHash })).length > 0)
        throw unprocessable('Message already exists');
      const now = Date.now();
      await db.transaction(async (sql) => {
        await sql.query(
          `INSERT INTO messages (chain_id, message_hash, safe, message, proposed_by, safe_app_id, origin, created_at_ms, modified_at_ms)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
          [
            chainId,
            messageHash,
            safe,
            JSON.stringify(body.message),
            proposer,
            body.safeAppId ?? null,
            body.origin ?? null,
            now,
          ],
        );
        for (const s of signatures) {
          await sql.query(
            `INSERT INTO message_confirmations (chain_id, message_hash, owner, signature, signature_type, created_at_ms)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
            [chainId, messageHash, s.owner, s.signature, s.type, now],
          );
        }
      });
      safeInfoCache.invalidate(chainId, [safe]);
      return c.body(null, 202);
    })
    .post('/v1/chains/:chainId/messages/:messageHash/signatures', async (c) => {
      const chain = requireChain(chains, c.req.param('chainId'));
      const chainId = chain.config.chainId;
      const hash = c.req.param('messageHash');
      if (!isHex(hash) || hash.length !== 66) throw unprocessable('Invalid messageHash');
      const body = await parseBody(c, confirmMessageBodySchema);
      const [record] = await loadMessages(db, chainId, { hash });
      if (!record) throw notFound('Message not found');
      const state = await requireSafe(chain, record.safe);
      const signed = signedMessage(chainId, record.safe, record.message as SafeMessageContent);
      const signatures = await ownerSignatures(chain, state, signed, body.signature as Hex);
      const fresh = signatures.filter((s) => !record.confirmations.some((c) => c.owner === s.owner));
      if (fresh.length === 0) throw unprocessable('Signature already added');
      const now = Date.now();
      await db.transaction(async (sql) => {
        for (const s of fresh) {
          await sql.query(
            `INSERT INTO message_confirmations (chain_id, message_hash, owner, signature, signature_type, created_at_ms)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
            [chainId, record.messageHash, s.owner, s.signature, s.type, now],
          );
        }
        await sql.query('UPDATE messages SET modified_at_ms = $3 WHERE chain_id = $1 AND message_hash = $2', [
          chainId,
          record.messageHash,
          now,
        ]);
      });
      safeInfoCache.invalidate(chainId, [record.safe]);
      return c.body(null, 200);
    })
    .get('/v1/chains/:chainId/messages/:messageHash', async (c) => {
      const chain = requireChain(chains, c.req.param('chainId'));
      const hash = c.req.param('messageHash');
      if (!isHex(hash) || hash.length !== 66) throw unprocessable('Invalid messageHash');
      const [record] = await loadMessages(db, chain.config.chainId, { hash });
      if (!record) throw notFound('Message not found');
      const state = await requireSafe(chain, record.safe);
      return c.json(toSafeMessage(record, state.threshold));
    })
    .get('/v1/chains/:chainId/safes/:safe/messages', async (c) => {
      const safe = parseAddressParam(c.req.param('safe'), 'safe');
      const chain = requireChain(chains, c.req.param('chainId'));
      const chainId = chain.config.chainId;
      const window = parseCursor(c.req.query('cursor'));
      const [records, countRows, state] = await Promise.all([
        loadMessages(db, chainId, { safe, limit: window.limit, offset: window.offset }),
        db.query<{ n: string }>('SELECT COUNT(*) AS n FROM messages WHERE chain_id = $1 AND safe = $2', [
          chainId,
          safe,
        ]),
        requireSafe(chain, safe),
      ]);
      const items = withDayLabels(records.map((record) => toSafeMessage(record, state.threshold)));
      return c.json(toPage(c.req.raw, window, items, Number(countRows[0]?.n ?? 0)));
    });
}
