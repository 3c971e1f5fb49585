import { Hono } from 'hono';
import {
  estimationBodySchema,
  proposeTransactionBodySchema,
  signatureSchema,
  type Estimation,
  type SafeNonces,
} from '@countersign/gateway-api';
import {
  buildSafeTx,
  deleteRequestTypedData,
  delegateTotp,
  hashSafeTx,
  isTrustedDelegateCallTarget,
  recoverSafeSignatures,
  SafeSignatureError,
  safeTxTypedData,
  type SafeTx,
  typedDataPreimage,
  zeroAddress,
} from '@countersign/safe-core';
import { getAddress, hashTypedData, recoverAddress, size, type Address, type Hex } from 'viem';
import { z } from 'zod';
import type { ChainRegistry } from '../chains/registry';
import { parseBody, unprocessable } from '../http/body';
import { notFound } from '../http/errors';
import { publicOrigin } from '../http/paging';
import { parseAddressParam } from '../http/params';
import { isDelegateOf } from '../proposals/delegates';
import { requireSafe } from '../safes/requireSafe';
import { verifySafeSignatures } from '../safes/verifySignatures';
import type { SafeAppCatalogue } from '../safeApps';
import type { Database } from '../store';
import type { SafeInfoCache } from '../safes/safeInfoCache';
import { multisigDetails } from '../transactions/details';
import { loadMultisig } from '../transactions/multisigStore';
import { summaryContext } from '../transactions/summaries/context';
import { multisigSummary } from '../transactions/summaries/multisig';
import { requireChain } from './chains';

const deleteProposalBodySchema = z.object({ signature: signatureSchema });

/**
 * How far ahead of the Safe's nonce a proposal may be. Owners queue a handful of transactions, rarely
 * dozens; a proposal a million nonces ahead can never execute before everything before it, and would
 * only push every client's recommended nonce out of reach.
 */
export const MAX_NONCE_AHEAD = 100;

/**
 * The next nonce to propose at: the Safe's own, moved past each nonce already taken by an attributed
 * proposal waiting in the queue (confirmed by a current owner, or proposed by a delegate), up to the
 * first free one. The first gap wins over max + 1: the Safe cannot execute anything after a gap until
 * the gap is filled, so that is where a new proposal belongs; and a proposal nobody vouches for (an
 * unsigned row of an older gateway, or one whose signer has since left the owners) moves nothing.
 */
async function recommendedNonce(
  db: Database,
  chainId: string,
  safe: Address,
  state: { nonce: number; owners: readonly Address[] },
): Promise<number> {
  const rows = await db.query<{ nonce: string | number }>(
    `SELECT DISTINCT m.nonce FROM multisig_transactions m
      WHERE m.chain_id = $1 AND m.safe = $2 AND m.executed_at_ms IS NULL AND m.nonce >= $3 AND m.nonce <= $4
        AND (m.proposed_by_delegate IS NOT NULL OR EXISTS (
          SELECT 1 FROM confirmations c
           WHERE c.chain_id = m.chain_id AND c.safe_tx_hash = m.safe_tx_hash AND c.owner = ANY($5)))`,
    [chainId, safe, state.nonce, state.nonce + MAX_NONCE_AHEAD, [...state.owners]],
  );
  const taken = new Set(rows.map((row) => Number(row.nonce)));
  let next = state.nonce;
  while (taken.has(next)) next++;
  return next;
}

/**
 * Whether `signature` is `sender`'s own ECDSA signature over the SafeTx: EIP-712 (recovered from the
 * safeTxHash itself) or eth_sign in the Safe's form (v + 4). Only one 65-byte signature: a delegate
 * speaks for itself and signs for no owner.
 */
async function signedBySender(safeTxHash: Hex, signature: Hex, sender: Address): Promise<boolean> {
  if (size(signature) !== 65) return false;
  try {
    const [parsed] = await recoverSafeSignatures(safeTxHash, signature, 1);
    return (parsed?.type === 'EOA' || parsed?.type === 'ETH_SIGN') && parsed.owner === sender;
  } catch {
    return false;
  }
}

/** Keeps `origin` only when it is JSON, with any HTML taken out of its note. */
function cleanOrigin(origin: string | null): string | null {
  if (!origin) return null;
  try {
    const parsed = JSON.parse(origin) as Record<string, unknown>;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    if (typeof parsed.note === 'string') parsed.note = parsed.note.replace(/<[^>]*>/g, '').trim();
    return JSON.stringify(parsed);
  } catch {
    return null;
  }
}

const addConfirmationBodySchema = z.object({ signature: signatureSchema });

type Chain = ReturnType<typeof requireChain>;

/** The owners' signatures in `signatures` over the SafeTx, each checked (EIP-712, eth_sign, EIP-1271, approved hash). */
async function ownersSignatures(
  chain: Chain,
  target: { safe: Address; tx: SafeTx; safeTxHash: Hex; owners: readonly Address[] },
  signatures: Hex,
) {
  const chainId = Number(chain.config.chainId);
  let verified: Awaited<ReturnType<typeof verifySafeSignatures>>;
  try {
    verified = await verifySafeSignatures(chain.client, {
      safe: target.safe,
      hash: target.safeTxHash,
      preimage: typedDataPreimage(safeTxTypedData({ chainId, safe: target.safe, tx: target.tx })),
      signatures,
      owners: target.owners,
    });
  } catch (error) {
    if (error instanceof SafeSignatureError) throw unprocessable('Invalid signature');
    throw error;
  }
  return verified;
}

type Sql = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Adds confirmations not stored yet; the transaction's modified time moves when one is new. */
async function storeConfirmations(
  sql: Sql,
  chainId: string,
  safeTxHash: Hex,
  signatures: Awaited<ReturnType<typeof ownersSignatures>>,
  now: number,
): Promise<void> {
  for (const signature of signatures) {
    const inserted = await sql.query(
      `INSERT INTO confirmations (chain_id, safe_tx_hash, owner, signature, signature_type, source, submitted_at_ms)
       VALUES ($1, $2, $3, $4, $5, 'api', $6) ON CONFLICT (chain_id, safe_tx_hash, owner) DO NOTHING RETURNING owner`,
      [chainId, safeTxHash, signature.owner, signature.signature, signature.type, now],
    );
    if (inserted.length > 0) {
      await sql.query(
        'UPDATE multisig_transactions SET modified_at_ms = $3 WHERE chain_id = $1 AND safe_tx_hash = $2',
        [chainId, safeTxHash, now],
      );
    }
  }
}

export function proposalRoutes(
  chains: ChainRegistry,
  db: Database,
  safeInfoCache: SafeInfoCache,
  safeApps: SafeAppCatalogue,
) {
  return new Hono()
    .get('/v1/chains/:chainId/safes/:safe/nonces', async (c) => {
      const safe = parseAddressParam(c.req.param('safe'), 'safe');
      const chain = requireChain(chains, c.req.param('chainId'));
      const state = await requireSafe(chain, safe);
      const nonces: SafeNonces = {
        currentNonce: state.nonce,
        recommendedNonce: await recommendedNonce(db, chain.config.chainId, safe, state),
      };
      return c.json(nonces);
    })
    .post('/v2/chains/:chainId/safes/:safe/multisig-transactions/estimations', async (c) => {
      const safe = parseAddressParam(c.req.param('safe'), 'safe');
      const chain = requireChain(chains, c.req.param('chainId'));
      const body = await parseBody(c, estimationBodySchema);
      const state = await requireSafe(chain, safe);
      // The inner call as the Safe would make it. A delegate call runs the target's code in the Safe,
      // which a plain estimate cannot model: Safe 1.4.1 accepts safeTxGas 0 (use all gas), so say 0.
      let safeTxGas = 0n;
      if (body.operation === 0) {
        try {
          safeTxGas = await chain.client.estimateGas({
            account: safe,
            to: getAddress(body.to),
            value: BigInt(body.value),
            data: (body.data ?? '0x') as Hex,
          });
        } catch {
          throw unprocessable('The transaction would fail: its estimate reverted');
        }
      }
      const estimation: Estimation = {
        currentNonce: state.nonce,
        recommendedNonce: await recommendedNonce(db, chain.config.chainId, safe, state),
        safeTxGas: safeTxGas.toString(),
      };
      return c.json(estimation);
    })
    .delete('/v1/chains/:chainId/transactions/:safeTxHash', async (c) => {
      const chain = requireChain(chains, c.req.param('chainId'));
      const chainId = chain.config.chainId;
      const safeTxHash = c.req.param('safeTxHash').toLowerCase();
      if (!/^0x[0-9a-f]{64}$/.test(safeTxHash)) throw unprocessable('Invalid safeTxHash');
      const body = await parseBody(c, deleteProposalBodySchema);
      const record = (await loadMultisig(db, chainId, [safeTxHash])).get(safeTxHash);
      if (!record) throw notFound('Transaction not found');
      if (record.executedAtMs !== null) throw unprocessable('An executed transaction cannot be deleted');
      // Only who proposed it may take it back, signing for this hour or the last.
      const now = delegateTotp();
      let signer: Address | undefined;
      for (const totp of [now, now - 1n]) {
        const typedData = deleteRequestTypedData({
          chainId: Number(chainId),
          safe: record.safe,
          safeTxHash: record.safeTxHash,
          totp,
        });
        try {
          const recovered = getAddress(
            await recoverAddress({ hash: hashTypedData(typedData), signature: body.signature as Hex }),
          );
          if (recovered === record.proposer) signer = recovered;
        } catch {
          // Not a valid ECDSA signature for this hour.
        }
        if (signer) break;
      }
      if (!signer) throw unprocessable('Invalid signature');
      await db.query('DELETE FROM multisig_transactions WHERE chain_id = $1 AND safe_tx_hash = $2', [
        chainId,
        safeTxHash,
      ]);
      return c.body(null, 200);
    })
    .post('/v1/chains/:chainId/transactions/:safeTxHash/confirmations', async (c) => {
      const chain = requireChain(chains, c.req.param('chainId'));
      const chainId = chain.config.chainId;
      const safeTxHash = c.req.param('safeTxHash').toLowerCase() as Hex;
      if (!/^0x[0-9a-f]{64}$/.test(safeTxHash)) throw unprocessable('Invalid safeTxHash');
      const body = await parseBody(c, addConfirmationBodySchema);
      const record = (await loadMultisig(db, chainId, [safeTxHash])).get(safeTxHash);
      if (!record) throw notFound('Transaction not found');
      if (record.executedAtMs !== null) throw unprocessable('Transaction already executed');
      const state = await requireSafe(chain, record.safe);
      if (record.nonce < state.nonce) throw unprocessable('Invalid nonce');
      const tx = buildSafeTx({
        to: record.to,
        value: record.value,
        data: record.data ?? '0x',
        operation: record.operation === 1 ? 1 : 0,
        safeTxGas: record.safeTxGas,
        baseGas: record.baseGas,
        gasPrice: record.gasPrice,
        gasToken: record.gasToken,
        refundReceiver: record.refundReceiver,
        nonce: BigInt(record.nonce),
      });
      const signatures = await ownersSignatures(
        chain,
        { safe: record.safe, tx, safeTxHash, owners: state.owners },
        body.signature as Hex,
      );
      await db.transaction((sql) => storeConfirmations(sql, chainId, safeTxHash, signatures, Date.now()));
      safeInfoCache.invalidate(chainId, [record.safe]);
      const updated = (await loadMultisig(db, chainId, [safeTxHash])).get(safeTxHash);
      if (!updated) throw notFound('Transaction not found');
      // As the Client Gateway answers: the transaction as a list item (its summary), not its details.
      const context = await summaryContext(db, chainId, safeApps, [updated.to], publicOrigin(c.req.raw));
      return c.json(multisigSummary(updated, state, context));
    })
    .post('/v1/chains/:chainId/transactions/:safe/propose', async (c) => {
      const safe = parseAddressParam(c.req.param('safe'), 'safe');
      const chain = requireChain(chains, c.req.param('chainId'));
      const chainId = chain.config.chainId;
      const body = await parseBody(c, proposeTransactionBodySchema);
      const state = await requireSafe(chain, safe);

      const nonce = BigInt(body.nonce);
      if (nonce < BigInt(state.nonce) || nonce > BigInt(state.nonce + MAX_NONCE_AHEAD))
        throw unprocessable('Invalid nonce');
      const to = getAddress(body.to);
      if (body.operation === 1 && !isTrustedDelegateCallTarget(to))
        throw unprocessable('Delegate call is disabled');
      const tx = buildSafeTx({
        to,
        value: BigInt(body.value),
        data: (body.data ?? '0x') as Hex,
        operation: body.operation,
        safeTxGas: BigInt(body.safeTxGas),
        baseGas: BigInt(body.baseGas),
        gasPrice: BigInt(body.gasPrice),
        gasToken: getAddress(body.gasToken),
        refundReceiver: body.refundReceiver ? getAddress(body.refundReceiver) : zeroAddress,
        nonce,
      });
      const safeTxHash = hashSafeTx({ chainId: Number(chainId), safe, tx });
      if (safeTxHash !== body.safeTxHash.toLowerCase()) throw unprocessable('Invalid safeTxHash');

      // Nothing is stored that its sender did not sign: an owner's signature is a confirmation, a
      // delegate's only vouches for the proposal.
      const sender = getAddress(body.sender);
      const senderIsOwner = state.owners.includes(sender);
      const senderIsDelegate =
        !senderIsOwner && (await isDelegateOf(db, { chainId, safe, address: sender, owners: state.owners }));
      if (!senderIsOwner && !senderIsDelegate) throw unprocessable('Unauthorized address');
      if (!body.signature) throw unprocessable("A proposal needs its sender's signature");
      const signature = body.signature as Hex;
      let signatures: Awaited<ReturnType<typeof ownersSignatures>> = [];
      if (senderIsOwner) {
        signatures = await ownersSignatures(chain, { safe, tx, safeTxHash, owners: state.owners }, signature);
        if (!signatures.some((s) => s.owner === sender)) throw unprocessable('Unauthorized address');
      } else if (!(await signedBySender(safeTxHash, signature, sender))) {
        throw unprocessable('Invalid signature');
      }

      const existing = (await loadMultisig(db, chainId, [safeTxHash])).get(safeTxHash);
      if (existing?.executedAtMs !== null && existing !== undefined)
        throw unprocessable('Transaction already executed');

      const now = Date.now();
      await db.transaction(async (sql) => {
        await sql.query(
          `INSERT INTO multisig_transactions (chain_id, safe, safe_tx_hash, to_address, value, data, operation, safe_tx_gas,
             base_gas, gas_price, gas_token, refund_receiver, nonce, proposed, proposer, proposed_by_delegate, origin,
             submitted_at_ms, modified_at_ms, confirmations_required)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, true, $14, $15, $16, $17, $17, $18)
           ON CONFLICT (chain_id, safe_tx_hash) DO UPDATE SET proposed = true,
             proposer = COALESCE(multisig_transactions.proposer, EXCLUDED.proposer),
             proposed_by_delegate = COALESCE(multisig_transactions.proposed_by_delegate, EXCLUDED.proposed_by_delegate),
             origin = COALESCE(multisig_transactions.origin, EXCLUDED.origin)`,
          [
            chainId,
            safe,
            safeTxHash,
            tx.to,
            tx.value.toString(),
            tx.data === '0x' ? null : tx.data,
            tx.operation,
            tx.safeTxGas.toString(),
            tx.baseGas.toString(),
            tx.gasPrice.toString(),
            tx.gasToken,
            tx.refundReceiver,
            tx.nonce.toString(),
            sender,
            senderIsDelegate ? sender : null,
            cleanOrigin(body.origin ?? null),
            now,
            state.threshold,
          ],
        );
        await storeConfirmations(sql, chainId, safeTxHash, signatures, now);
      });
      safeInfoCache.invalidate(chainId, [safe]);
      const record = (await loadMultisig(db, chainId, [safeTxHash])).get(safeTxHash);
      if (!record) throw new Error('The proposal was not stored');
      return c.json(await multisigDetails(db, chain, record, safeApps, publicOrigin(c.req.raw)));
    });
}
