import { getAddress, hashTypedData, type Address, type TypedDataDefinition } from 'viem';
import type { ChainInfo, GatewayClient } from '@countersign/gateway-api';
import { typedDataPreimage } from '@countersign/safe-core';
import { err, ok } from '../../lib/result';
import { shortenAddress } from '../../ui/format';
import type { SignerService, WalletApi, WalletSnapshot } from '../wallet';
import { safeVersionOnChain, type OwnerSafe } from './ownerSafes';
import {
  parentContractSignature,
  parentMessage,
  parentRequest,
  parentSignatures,
  signForParent,
  type ChildRequest,
} from './parentSigning';
import { sameAddress } from '../../lib/address';

/**
 * What a child Safe asks its owner Safe to sign, read from the typed data: a SafeTx or a SafeMessage
 * of the Safe named by the domain, and its version as that Safe's contract answers (it decides the
 * bytes the child hands to the parent's isValidSignature). Anything else is no child's request.
 */
async function childRequestOf(
  chain: ChainInfo,
  typedData: TypedDataDefinition,
  versionOf: (safe: Address) => Promise<string | null>,
): Promise<ChildRequest | undefined> {
  const child = typedData.domain?.verifyingContract;
  if (child === undefined || (typedData.primaryType !== 'SafeTx' && typedData.primaryType !== 'SafeMessage'))
    return undefined;
  const childVersion = await versionOf(child);
  const message = typedData.message as { nonce?: bigint | number | string };
  return {
    kind: typedData.primaryType === 'SafeTx' ? 'transaction' : 'message',
    typedData,
    chainId: chain.chainId,
    child: getAddress(child),
    childVersion,
    signed: { hash: hashTypedData(typedData), preimage: typedDataPreimage(typedData) },
    what: typedData.primaryType === 'SafeTx' ? `transaction #${String(message.nonce)}` : 'a message',
  };
}

/**
 * A Safe that owns another Safe, as a signer: the second implementation of the signer the pages are
 * given (the linked wallet is the first). Its account is the parent Safe while the linked account is
 * one of its owners. Asked to sign a transaction or message of a Safe it owns, it has that owner sign
 * its own message for it (through `owner`) and answers with its contract signature {r = parent, v = 0}
 * once its threshold of owners have; until then it answers `pending`, saying how many have signed.
 * It sends no transaction and signs nothing else: a Safe's owners decide what it does.
 */
export function parentSafeSigner(params: {
  parent: OwnerSafe;
  owner: SignerService;
  gateway: GatewayClient;
  chain: ChainInfo;
  /** Where the child's version is read (its contract, unless a test says otherwise). */
  versionOf?: (safe: Address) => Promise<string | null>;
}): SignerService {
  const {
    parent,
    owner,
    gateway,
    chain,
    versionOf = (safe: Address) => safeVersionOnChain(chain, safe),
  } = params;
  const label = shortenAddress(parent.address);
  let last: { from: WalletSnapshot; value: WalletSnapshot } | undefined;
  // The same object for the same owner state, as React's external stores require.
  const getSnapshot = () => {
    const from = owner.getSnapshot();
    if (last?.from === from) return last.value;
    const owns = parent.owners.some((address) => sameAddress(from.address, address));
    const value: WalletSnapshot = owns
      ? { ...from, address: parent.address, connectorId: 'parent-safe' }
      : { ...from, status: 'disconnected', address: undefined, connectorId: undefined };
    last = { from, value };
    return value;
  };
  const refuse = (what: string) =>
    Promise.resolve(err({ kind: 'unsupported' as const, message: `${label} is a Safe: it cannot ${what}.` }));

  const signTypedData: WalletApi['signTypedData'] = async (typedData) => {
    const request = await childRequestOf(chain, typedData as TypedDataDefinition, versionOf);
    if (request === undefined)
      return err({
        kind: 'unsupported',
        message: `${label} is a Safe: it signs only the transactions and messages of Safes it owns.`,
      });
    const { messageHash } = parentRequest(request, parent.address);
    const account = owner.getSnapshot().address;
    const before = await parentMessage(gateway, request.chainId, messageHash);
    const signedAlready = before?.confirmations.some((c) => sameAddress(account, c.owner.value)) ?? false;
    if (!signedAlready && !parentSignatures(parent, before).complete) {
      const signed = await signForParent({ gateway, signer: owner, request, parent, existing: before });
      if (!signed.ok)
        return err({
          kind: signed.error.source === 'wallet' ? signed.error.kind : 'failed',
          message: signed.error.message,
        });
    }
    const now = await parentMessage(gateway, request.chainId, messageHash);
    const progress = parentSignatures(parent, now);
    if (now === null || !progress.complete)
      return err({
        kind: 'pending',
        message: `${label}: ${progress.signed} of ${progress.required} of its owners signed. Its signature is complete once ${progress.required} have.`,
      });
    return ok({ signature: parentContractSignature(parent, now), address: parent.address as Address });
  };

  return {
    subscribe: owner.subscribe,
    getSnapshot,
    requestRuntime: owner.requestRuntime,
    api: {
      signTypedData,
      signMessage: () => refuse('sign a plain message; its owners sign a Safe message instead'),
      sendTransaction: () => refuse('send a transaction itself; its owners execute one'),
      switchChain: (chainId) => owner.api.switchChain(chainId),
      waitForReceipt: (request) => owner.api.waitForReceipt(request),
      addRecentTransaction: (transaction) => owner.api.addRecentTransaction(transaction),
      watchAsset: () => refuse('track tokens'),
    },
  };
}
