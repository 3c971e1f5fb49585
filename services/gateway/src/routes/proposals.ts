import { Hono } from 'hono';
import {
  estimationBodySchema,
  proposeTransactionBodySchema,
  signatureSchema,
  type Estimation,
  type SafeNonces,
} from '@countersign/gateway-api';
import { hashSafeTx } from '@countersign/safe-core';
import { getAddress, type Hex } from 'viem';
import { z } from 'zod';
import type { ChainRegistry } from '../chains/registry';
import { notFound, unprocessable } from '../http/errors';
import { publicOrigin } from '../http/paging';
import { hashParam } from '../http/params';
import { chainInPath, safeInPath } from '../http/resolve';
import { jsonBody, pathParams } from '../http/validate';
import { estimateSafeTxGas } from '../proposals/estimation';
import {
  checkNonceUnused,
  checkNotExecuted,
  checkOperation,
  checkProposedNonce,
  cleanOrigin,
  proposerRole,
  recommendedNonce,
} from '../proposals/policy';
import { proposedSafeTx, storedSafeTx } from '../proposals/safeTx';
import { checkDeletedByProposer, ownersSignatures, proposalSignatures } from '../proposals/signatures';
import { deleteProposal, storeConfirmations, storeProposal } from '../proposals/store';
import { requireSafe } from '../safes/requireSafe';
import type { SafeAppCatalogue } from '../safeApps';
import type { Database } from '../store';
import type { SafeInfoCache } from '../safes/safeInfoCache';
import { multisigDetails } from '../transactions/details';
import { loadMultisig } from '../transactions/multisigStore';
import { summaryContext } from '../transactions/summaries/context';
import { multisigSummary } from '../transactions/summaries/multisig';

const signedBodySchema = z.object({ signature: signatureSchema });

/** `:safeTxHash` in any letter case; stored lower-case. */
const safeTxHashParams = pathParams(
  z.object({ safeTxHash: hashParam('Invalid safeTxHash').transform((hash) => hash.toLowerCase() as Hex) }),
  (issue) => unprocessable(issue.message),
);

export function proposalRoutes(
  chains: ChainRegistry,
  db: Database,
  safeInfoCache: SafeInfoCache,
  safeApps: SafeAppCatalogue,
) {
  const load = async (chainId: string, safeTxHash: Hex) =>
    (await loadMultisig(db, chainId, [safeTxHash])).get(safeTxHash);

  return new Hono()
    .get('/v1/chains/:chainId/safes/:safe/nonces', safeInPath(chains), async (c) => {
      const { chain } = c.var;
      const state = await requireSafe(chain, c.var.safe);
      const nonces: SafeNonces = {
        currentNonce: state.nonce,
        recommendedNonce: await recommendedNonce(db, chain.config.chainId, state),
      };
      return c.json(nonces);
    })
    .post(
      '/v2/chains/:chainId/safes/:safe/multisig-transactions/estimations',
      safeInPath(chains),
      jsonBody(estimationBodySchema),
      async (c) => {
        const { chain, safe } = c.var;
        const state = await requireSafe(chain, safe);
        const safeTxGas = await estimateSafeTxGas(chain, safe, c.req.valid('json'));
        const estimation: Estimation = {
          currentNonce: state.nonce,
          recommendedNonce: await recommendedNonce(db, chain.config.chainId, state),
          safeTxGas: safeTxGas.toString(),
        };
        return c.json(estimation);
      },
    )
    .delete(
      '/v1/chains/:chainId/transactions/:safeTxHash',
      chainInPath(chains),
      safeTxHashParams,
      jsonBody(signedBodySchema),
      async (c) => {
        const chainId = c.var.chain.config.chainId;
        const { safeTxHash } = c.req.valid('param');
        const record = await load(chainId, safeTxHash);
        if (!record) throw notFound('Transaction not found');
        checkNotExecuted(record, 'An executed transaction cannot be deleted');
        await checkDeletedByProposer(chainId, record, c.req.valid('json').signature as Hex);
        await deleteProposal(db, chainId, safeTxHash);
        return c.body(null, 200);
      },
    )
    .post(
      '/v1/chains/:chainId/transactions/:safeTxHash/confirmations',
      chainInPath(chains),
      safeTxHashParams,
      jsonBody(signedBodySchema),
      async (c) => {
        const { chain } = c.var;
        const chainId = chain.config.chainId;
        const { safeTxHash } = c.req.valid('param');
        const record = await load(chainId, safeTxHash);
        if (!record) throw notFound('Transaction not found');
        checkNotExecuted(record, 'Transaction already executed');
        const state = await requireSafe(chain, record.safe);
        checkNonceUnused(record, state);
        const signatures = await ownersSignatures(
          chain,
          {
            safe: record.safe,
            version: state.version,
            tx: storedSafeTx(record),
            safeTxHash,
            owners: state.owners,
          },
          c.req.valid('json').signature as Hex,
        );
        await storeConfirmations(db, chainId, safeTxHash, signatures);
        safeInfoCache.invalidate(chainId, [record.safe]);
        const updated = await load(chainId, safeTxHash);
        if (!updated) throw notFound('Transaction not found');
        // As the Client Gateway answers: the transaction as a list item (its summary), not its details.
        const context = await summaryContext(db, chainId, safeApps, [updated.to], publicOrigin(c.req.raw));
        return c.json(multisigSummary(updated, state, context));
      },
    )
    .post(
      '/v1/chains/:chainId/transactions/:safe/propose',
      safeInPath(chains),
      jsonBody(proposeTransactionBodySchema),
      async (c) => {
        const { chain, safe } = c.var;
        const chainId = chain.config.chainId;
        const body = c.req.valid('json');
        const state = await requireSafe(chain, safe);
        const tx = proposedSafeTx(body);
        checkProposedNonce(tx.nonce, state);
        checkOperation(tx.operation, tx.to);
        const safeTxHash = hashSafeTx({ chainId: Number(chainId), safe, tx });
        if (safeTxHash !== body.safeTxHash.toLowerCase()) throw unprocessable('Invalid safeTxHash');
        // Nothing is stored that its sender did not sign.
        const sender = getAddress(body.sender);
        const role = await proposerRole(db, chainId, state, sender);
        const signatures = await proposalSignatures(
          chain,
          { safe, version: state.version, tx, safeTxHash, owners: state.owners },
          { address: sender, role },
          (body.signature ?? undefined) as Hex | undefined,
        );
        checkNotExecuted(await load(chainId, safeTxHash), 'Transaction already executed');
        await storeProposal(db, {
          chainId,
          safe,
          safeTxHash,
          tx,
          proposer: sender,
          delegate: role === 'delegate' ? sender : null,
          origin: cleanOrigin(body.origin ?? null),
          confirmationsRequired: state.threshold,
          signatures,
        });
        safeInfoCache.invalidate(chainId, [safe]);
        const record = await load(chainId, safeTxHash);
        if (!record) throw new Error('The proposal was not stored');
        return c.json(await multisigDetails(db, chain, record, safeApps, publicOrigin(c.req.raw)));
      },
    );
}
