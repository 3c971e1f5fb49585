import { getCode } from 'viem/actions';
import type {
  ChainInfo,
  GatewayClient,
  TransactionDetails,
  TransactionSummary,
} from '@countersign/gateway-api';
import { proposalBody } from '@countersign/gateway-api';
import type { Address, Hex } from 'viem';
import {
  approveHashCalldata,
  approvedHashSignature,
  delegateTotp,
  deleteRequestTypedData,
  encodeExecTransaction,
  encodeSignatures,
  safeDomain,
  safeTxTypes,
  type SafeTx,
} from '@countersign/safe-core';
import {
  checkFailure,
  fromGateway,
  walletFailure,
  type SignerService,
  type WalletReceipt,
  type WriteResult,
} from '../../wallet';
import { chainClient } from '../../../lib/chainReader';
import { isGatewayDown } from '../../../lib/gatewayErrors';
import type { TxDraftOrigin } from '../draft';
import { executionSignatures, normalizeSignature, type Confirmation } from './safeTxSignatures';

/** The Safe a flow acts on. */
export type FlowSafe = { chain: ChainInfo; address: Address; version: string | null };

const chainNumber = (safe: FlowSafe) => Number(safe.chain.chainId);

/**
 * An owner's signature over the SafeTx (EIP-712), in the form the Safe reads: 65 bytes for an
 * account with a key; for a contract account (an owner that is itself a Safe, EIP-1271) the
 * signature its isValidSignature accepts, wrapped as a contract signature.
 */
export async function signSafeTx(
  signer: SignerService,
  safe: FlowSafe,
  tx: SafeTx,
): Promise<WriteResult<{ signature: Hex; signer: Address }>> {
  const signed = await signer.api.signTypedData(
    {
      domain: safeDomain({ chainId: chainNumber(safe), safe: safe.address, version: safe.version }),
      types: safeTxTypes,
      primaryType: 'SafeTx',
      message: tx,
    },
    { chainId: chainNumber(safe) },
  );
  if (!signed.ok) return walletFailure(signed.error);
  const { address, signature } = signed.value;
  const code = await getCode(chainClient(safe.chain), { address }).catch(() => undefined);
  const isContract = code !== undefined && code !== '0x';
  return {
    ok: true,
    value: {
      signer: address,
      signature: isContract
        ? encodeSignatures([{ signer: address, data: signature, contract: true }])
        : normalizeSignature(signature),
    },
  };
}

function originJson(origin: TxDraftOrigin | undefined): string | null {
  return origin ? JSON.stringify({ name: origin.name, url: origin.url ?? '', note: origin.note }) : null;
}

/** A signature over a SafeTx, kept so that a proposal the gateway did not take can be sent again. */
export type SafeTxSignature = { signature: Hex; signer: Address; safeTxHash: Hex };

/** The kept signature when it is over this SafeTx by the account now connected; else the wallet's new one. */
async function keptOrNewSignature(
  params: {
    signer: SignerService;
    safe: FlowSafe;
    tx: SafeTx;
    safeTxHash: Hex;
    signed?: SafeTxSignature;
    onSigned?: (signed: SafeTxSignature) => void;
  },
  account: string | undefined,
): Promise<WriteResult<SafeTxSignature>> {
  const kept = params.signed;
  if (
    kept !== undefined &&
    kept.safeTxHash === params.safeTxHash &&
    account !== undefined &&
    kept.signer.toLowerCase() === account.toLowerCase()
  ) {
    return { ok: true, value: kept };
  }
  const fresh = await signSafeTx(params.signer, params.safe, params.tx);
  if (!fresh.ok) return fresh;
  const signed = { ...fresh.value, safeTxHash: params.safeTxHash };
  params.onSigned?.(signed);
  return { ok: true, value: signed };
}

/**
 * Proposes the SafeTx to the gateway, signed (EIP-712) by whoever proposes it, as the gateway
 * stores nothing its sender did not sign: an owner's signature is its first confirmation; a
 * delegate's only shows the gateway who proposed it, and the owners sign it after. A signature
 * given in `signed` (kept from a try the gateway refused or did not answer) is sent again without
 * asking the wallet; `onSigned` receives a new one as soon as the wallet gives it.
 */
export async function proposeSafeTx(params: {
  gateway: GatewayClient;
  signer: SignerService;
  safe: FlowSafe;
  tx: SafeTx;
  safeTxHash: Hex;
  as: 'owner' | 'delegate';
  origin?: TxDraftOrigin;
  signed?: SafeTxSignature;
  onSigned?: (signed: SafeTxSignature) => void;
}): Promise<WriteResult<TransactionDetails>> {
  const account = params.signer.getSnapshot().address;
  if (params.as === 'delegate' && !account)
    return checkFailure('No wallet is connected. Connect a wallet to continue.');
  const signed = await keptOrNewSignature(params, account);
  if (!signed.ok) return signed;
  const { signature, signer: sender } = signed.value;
  const body = proposalBody(params.tx, {
    safeTxHash: params.safeTxHash,
    sender,
    signature,
    origin: originJson(params.origin),
  });
  return fromGateway(params.gateway, (gateway) =>
    gateway.proposeTransaction({
      chainId: params.safe.chain.chainId,
      safeAddress: params.safe.address,
      body,
    }),
  );
}

/**
 * Adds the connected owner's signature to a queued transaction; like a proposal, a signature kept
 * from a try the gateway did not take is sent again without asking the wallet.
 */
export async function confirmSafeTx(params: {
  gateway: GatewayClient;
  signer: SignerService;
  safe: FlowSafe;
  tx: SafeTx;
  safeTxHash: Hex;
  signed?: SafeTxSignature;
  onSigned?: (signed: SafeTxSignature) => void;
}): Promise<WriteResult<TransactionSummary>> {
  const account = params.signer.getSnapshot().address;
  const signed = await keptOrNewSignature(params, account);
  if (!signed.ok) return signed;
  const { signature } = signed.value;
  return fromGateway(params.gateway, (gateway) =>
    gateway.addConfirmation({
      chainId: params.safe.chain.chainId,
      safeTxHash: params.safeTxHash,
      signature,
    }),
  );
}

/**
 * Sends execTransaction from the connected account with the owners' signatures, and lists it in the
 * wallet's Recent Transactions. Resolves once the wallet gives the hash (see followExecution).
 */
export async function executeSafeTx(params: {
  signer: SignerService;
  safe: FlowSafe;
  tx: SafeTx;
  confirmations: readonly Confirmation[];
  owners: readonly string[];
  threshold: number;
  description: string;
}): Promise<WriteResult<{ hash: Hex }>> {
  const executor = params.signer.getSnapshot().address as Address | undefined;
  if (!executor) return checkFailure('No wallet is connected. Connect a wallet to continue.');
  const signatures = executionSignatures({
    confirmations: params.confirmations,
    owners: params.owners,
    threshold: params.threshold,
    executor,
  });
  if (!signatures.ok) {
    return checkFailure(
      `${signatures.error.missing} more ${signatures.error.missing === 1 ? 'confirmation is' : 'confirmations are'} needed before this transaction can execute.`,
    );
  }
  return sendToSafe(
    params.signer,
    params.safe,
    encodeExecTransaction(params.tx, signatures.value.signatures),
    params.description,
  );
}

/** A call to the Safe sent from the connected account, listed in the wallet's Recent Transactions. */
async function sendToSafe(
  signer: SignerService,
  safe: FlowSafe,
  data: Hex,
  description: string,
): Promise<WriteResult<{ hash: Hex }>> {
  const sent = await signer.api.sendTransaction({ to: safe.address, data, chainId: chainNumber(safe) });
  if (!sent.ok) return walletFailure(sent.error);
  void signer.api.addRecentTransaction({ hash: sent.value.hash, description, chainId: chainNumber(safe) });
  return { ok: true, value: { hash: sent.value.hash } };
}

/**
 * The connected owner confirms on chain instead of signing typed data (a wallet that cannot, or an
 * owner who prefers it): `approveHash(safeTxHash)` sent to the Safe from their account, then, once
 * mined, their pre-validated confirmation {r = owner, v = 1}, which the gateway checks against the
 * Safe's approvedHashes before it stores it. `alreadyApproved` skips the transaction when the chain
 * shows the approval already (a try the gateway did not take).
 */
export async function approveSafeTxOnChain(params: {
  gateway: GatewayClient;
  signer: SignerService;
  safe: FlowSafe;
  safeTxHash: Hex;
  nonce: number;
  alreadyApproved: boolean;
}): Promise<WriteResult<TransactionSummary>> {
  const owner = params.signer.getSnapshot().address as Address | undefined;
  if (!owner) return checkFailure('No wallet is connected. Connect a wallet to continue.');
  if (!params.alreadyApproved) {
    const sent = await sendToSafe(
      params.signer,
      params.safe,
      approveHashCalldata(params.safeTxHash),
      `Approve Safe transaction #${params.nonce}`,
    );
    if (!sent.ok) return sent;
    const mined = await params.signer.api.waitForReceipt({
      hash: sent.value.hash,
      chainId: chainNumber(params.safe),
    });
    if (!mined.ok) return walletFailure(mined.error);
    if (mined.value.status !== 'success')
      return checkFailure('The approval reverted on chain: is your account still an owner of this Safe?');
  }
  return fromGateway(params.gateway, (gateway) =>
    gateway.addConfirmation({
      chainId: params.safe.chain.chainId,
      safeTxHash: params.safeTxHash,
      signature: approvedHashSignature(owner),
    }),
  );
}

/**
 * Hands a transaction's checked signatures to the gateway (one shared by link or file): proposed with
 * the first owner's signature where the gateway does not have it, then each other owner's as a
 * confirmation. `onGateway` lists the owners the gateway already holds a confirmation of.
 */
export async function uploadSignatures(params: {
  gateway: GatewayClient;
  safe: FlowSafe;
  tx: SafeTx;
  safeTxHash: Hex;
  signatures: readonly { signer: Address; signature: Hex }[];
  proposed: boolean;
  onGateway: readonly string[];
}): Promise<WriteResult<number>> {
  const missing = params.signatures.filter(
    (signature) =>
      !params.onGateway.some((signer) => signer.toLowerCase() === signature.signer.toLowerCase()),
  );
  let sent = 0;
  for (const [index, { signer, signature }] of missing.entries()) {
    const result =
      index === 0 && !params.proposed
        ? await fromGateway(params.gateway, (gateway) =>
            gateway.proposeTransaction({
              chainId: params.safe.chain.chainId,
              safeAddress: params.safe.address,
              body: proposalBody(params.tx, {
                safeTxHash: params.safeTxHash,
                sender: signer,
                signature,
                origin: null,
              }),
            }),
          )
        : await fromGateway(params.gateway, (gateway) =>
            gateway.addConfirmation({
              chainId: params.safe.chain.chainId,
              safeTxHash: params.safeTxHash,
              signature,
            }),
          );
    if (!result.ok) return result;
    sent += 1;
  }
  return { ok: true, value: sent };
}

/** How often the gateway is asked whether it has indexed an execution. */
const INDEX_POLL_MS = 150;
/** How long to wait for the gateway to index a mined execution before telling the owner. */
const INDEX_TIMEOUT_MS = 60_000;

/**
 * Follows an execution until it is mined, then until the gateway serves it as executed, so the
 * queue and the history can move at once rather than at the next poll.
 */
export async function followExecution(params: {
  gateway: GatewayClient;
  signer: SignerService;
  safe: FlowSafe;
  hash: Hex;
  txId: string;
  onMined?: (receipt: WalletReceipt) => void;
  signal?: AbortSignal;
}): Promise<
  WriteResult<{ receipt: WalletReceipt; details: TransactionDetails | undefined; gatewayDown?: boolean }>
> {
  const mined = await params.signer.api.waitForReceipt({
    hash: params.hash,
    chainId: chainNumber(params.safe),
  });
  if (!mined.ok) return walletFailure(mined.error);
  params.onMined?.(mined.value);
  const deadline = Date.now() + INDEX_TIMEOUT_MS;
  while (Date.now() < deadline && !params.signal?.aborted) {
    let gatewayDown = false;
    const details = await params.gateway
      .getTransaction({ chainId: params.safe.chain.chainId, id: params.txId }, { signal: params.signal })
      .catch((error: unknown) => {
        gatewayDown = isGatewayDown(error);
        return undefined;
      });
    // A gateway that does not answer lists it once it is back: nothing to wait for here.
    if (gatewayDown) return { ok: true, value: { receipt: mined.value, details: undefined, gatewayDown } };
    if (details && (details.txStatus === 'SUCCESS' || details.txStatus === 'FAILED')) {
      return { ok: true, value: { receipt: mined.value, details } };
    }
    await new Promise((resolve) => setTimeout(resolve, INDEX_POLL_MS));
  }
  return { ok: true, value: { receipt: mined.value, details: undefined } };
}

/** Takes back a proposal: its proposer signs the transaction service's DeleteRequest for this hour. */
export async function deleteProposal(params: {
  gateway: GatewayClient;
  signer: SignerService;
  safe: FlowSafe;
  safeTxHash: Hex;
}): Promise<WriteResult<void>> {
  const signed = await params.signer.api.signTypedData(
    deleteRequestTypedData({
      chainId: chainNumber(params.safe),
      safe: params.safe.address,
      safeTxHash: params.safeTxHash,
      totp: delegateTotp(),
    }),
    { chainId: chainNumber(params.safe) },
  );
  if (!signed.ok) return walletFailure(signed.error);
  return fromGateway(params.gateway, (gateway) =>
    gateway.deleteTransaction({
      chainId: params.safe.chain.chainId,
      safeTxHash: params.safeTxHash,
      signature: signed.value.signature,
    }),
  );
}
