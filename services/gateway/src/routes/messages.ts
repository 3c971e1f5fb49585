import { Hono } from 'hono';
import { confirmMessageBodySchema, proposeMessageBodySchema } from '@countersign/gateway-api';
import { typedDataBeyondLimits, typedDataLimits, type AnySafeMessage } from '@countersign/safe-core';
import type { Hex } from 'viem';
import { z } from 'zod';
import type { ChainRegistry } from '../chains/registry';
import { notFound, unprocessable, type HttpError } from '../http/errors';
import { cursorQuery } from '../http/query';
import { toPage } from '../http/paging';
import { hashParam } from '../http/params';
import { chainInPath, safeInPath } from '../http/resolve';
import { defaultJsonShape } from '../http/jsonShape';
import { jsonBody, pathParams, queryParams } from '../http/validate';
import { toSafeMessage, withDayLabels } from '../messages/messages';
import { ownerSignatures, signedMessage } from '../messages/signatures';
import { countMessages, loadMessages, storeMessage, storeMessageConfirmations } from '../messages/store';
import { requireSafe } from '../safes/requireSafe';
import type { Database } from '../store';
import type { SafeInfoCache } from '../safes/safeInfoCache';

const messageHashParams = pathParams(z.object({ messageHash: hashParam('Invalid messageHash') }), (issue) =>
  unprocessable(issue.message),
);

export function messageRoutes(chains: ChainRegistry, db: Database, safeInfoCache: SafeInfoCache) {
  const load = async (chainId: string, hash: Hex) => (await loadMessages(db, chainId, { hash }))[0];

  return new Hono()
    .post(
      '/v1/chains/:chainId/safes/:safe/messages',
      safeInPath(chains),
      // Typed data is bounded before anything walks it (the body's schema, the hash) and before the
      // Safe is read: the cheapest check first.
      jsonBody(proposeMessageBodySchema, {
        shape: messageBodyShape,
        refuseShape: (beyond) => unprocessable(`Invalid typed data: ${beyond}`),
        before: typedDataTooLarge,
      }),
      async (c) => {
        const { chain, safe } = c.var;
        const chainId = chain.config.chainId;
        const body = c.req.valid('json');
        const state = await requireSafe(chain, safe);
        const signed = signedMessage(chainId, safe, body.message as AnySafeMessage);
        const signatures = await ownerSignatures(chain, state, signed, body.signature as Hex);
        const proposer = signatures[0]?.owner;
        if (!proposer) throw unprocessable('Invalid signature');
        if (await load(chainId, signed.hash)) throw unprocessable('Message already exists');
        const stored = await storeMessage(db, {
          chainId,
          messageHash: signed.hash,
          safe,
          message: body.message,
          proposedBy: proposer,
          safeAppId: body.safeAppId ?? null,
          origin: body.origin ?? null,
          signatures,
        });
        // The check above and this insert are not one step: a copy sent to another replica at the
        // same moment is refused here, as it would have been above.
        if (!stored) throw unprocessable('Message already exists');
        safeInfoCache.invalidate(chainId, [safe]);
        return c.body(null, 202);
      },
    )
    .post(
      '/v1/chains/:chainId/messages/:messageHash/signatures',
      chainInPath(chains),
      messageHashParams,
      jsonBody(confirmMessageBodySchema),
      async (c) => {
        const { chain } = c.var;
        const chainId = chain.config.chainId;
        const record = await load(chainId, c.req.valid('param').messageHash);
        if (!record) throw notFound('Message not found');
        const state = await requireSafe(chain, record.safe);
        const signed = signedMessage(chainId, record.safe, record.message as AnySafeMessage);
        const signatures = await ownerSignatures(chain, state, signed, c.req.valid('json').signature as Hex);
        const fresh = signatures.filter((s) => !record.confirmations.some((c) => c.owner === s.owner));
        if (fresh.length === 0) throw unprocessable('Signature already added');
        await storeMessageConfirmations(db, chainId, record.messageHash, fresh);
        safeInfoCache.invalidate(chainId, [record.safe]);
        return c.body(null, 200);
      },
    )
    .get('/v1/chains/:chainId/messages/:messageHash', chainInPath(chains), messageHashParams, async (c) => {
      const { chain } = c.var;
      const record = await load(chain.config.chainId, c.req.valid('param').messageHash);
      if (!record) throw notFound('Message not found');
      const state = await requireSafe(chain, record.safe);
      return c.json(toSafeMessage(record, state.threshold));
    })
    .get(
      '/v1/chains/:chainId/safes/:safe/messages',
      safeInPath(chains),
      queryParams(cursorQuery),
      async (c) => {
        const { chain, safe } = c.var;
        const chainId = chain.config.chainId;
        const { cursor: window } = c.req.valid('query');
        const [records, total, state] = await Promise.all([
          loadMessages(db, chainId, { safe, limit: window.limit, offset: window.offset }),
          countMessages(db, chainId, safe),
          requireSafe(chain, safe),
        ]);
        const items = withDayLabels(records.map((record) => toSafeMessage(record, state.threshold)));
        return c.json(toPage(c.req.raw, window, items, total));
      },
    );
}

/**
 * The width of typed data as the body's text shows it before it is parsed: no object wider than the
 * list of types or a struct may be. Depth is left to typedDataTooLarge, which counts it the way
 * typed data's own limit is worded.
 */
const messageBodyShape = {
  ...defaultJsonShape,
  members: Math.max(typedDataLimits.types, typedDataLimits.fieldsPerType),
};

/**
 * The bounds of typed data (safe-core's typedDataLimits), checked on the body as parsed: a message
 * that is not typed data, or not well formed, is left to the body's schema to refuse.
 */
function typedDataTooLarge(raw: unknown): HttpError | undefined {
  const message =
    typeof raw === 'object' && raw !== null ? (raw as { message?: unknown }).message : undefined;
  if (typeof message !== 'object' || message === null) return undefined;
  let beyond: string | undefined;
  try {
    beyond = typedDataBeyondLimits(message as Parameters<typeof typedDataBeyondLimits>[0]);
  } catch {
    return undefined;
  }
  return beyond ? unprocessable(`Invalid typed data: ${beyond}`) : undefined;
}
