import type { Address, Hex } from 'viem';
import { safeOfTransactionId, type TransactionDetails } from '@countersign/gateway-api';
import type { AbiLookup, SafeTx } from '@countersign/safe-core';
import { useContractAbis } from '../../address-book';
import { useSafe } from '../../safe';
import { verifiedSafeTxOfDetails } from '../safeTxOfDraft';
import { checkGatewayClaims, type ClaimReport } from './gatewayClaims';
import { sameAddress } from '../../../lib/address';

/**
 * What the browser concludes of a gateway's transaction details before anyone signs:
 * - `other-safe`: the details (or their id) are of another Safe than the page's;
 * - `hash-mismatch`: the fields do not hash to the safeTxHash given;
 * - `none`: not a multisig transaction with its data (nothing to sign);
 * - `checked`: the SafeTx recomputed here, and how the gateway's description compares with its bytes.
 */
export type TransactionVerdict =
  | { kind: 'other-safe'; safe: string }
  | { kind: 'hash-mismatch'; error: string }
  | { kind: 'none' }
  | { kind: 'checked'; tx: SafeTx; safeTxHash: Hex; report: ClaimReport };

type PageSafe = { chainId: number; address: Address; version: string | null };

/**
 * Verdicts by the details object they judge (the query cache's), then by the user's ABIs they were
 * decoded with (the lookup changes when those do), then by the Safe they are judged for: a queued
 * transaction's heading, its checks, its actions and its queue row ask of the same answer, which is
 * decoded once.
 */
const verdicts = new WeakMap<TransactionDetails, WeakMap<AbiLookup, Map<string, TransactionVerdict>>>();

export function transactionVerdict(
  details: TransactionDetails,
  safe: PageSafe,
  abiFor: AbiLookup,
): TransactionVerdict {
  const key = `${safe.chainId} ${safe.address} ${safe.version}`;
  let byAbis = verdicts.get(details);
  if (!byAbis) verdicts.set(details, (byAbis = new WeakMap()));
  let bySafe = byAbis.get(abiFor);
  if (!bySafe) byAbis.set(abiFor, (bySafe = new Map()));
  let verdict = bySafe.get(key);
  if (!verdict) bySafe.set(key, (verdict = judge(details, safe, abiFor)));
  return verdict;
}

function judge(details: TransactionDetails, safe: PageSafe, abiFor: AbiLookup): TransactionVerdict {
  const idSafe = safeOfTransactionId(details.txId);
  if (!sameAddress(details.safeAddress, safe.address))
    return { kind: 'other-safe', safe: details.safeAddress };
  if (idSafe !== undefined && !sameAddress(idSafe, safe.address)) return { kind: 'other-safe', safe: idSafe };
  const verified = verifiedSafeTxOfDetails(details, { chainId: safe.chainId, version: safe.version });
  if (!verified) return { kind: 'none' };
  if (!verified.ok) return { kind: 'hash-mismatch', error: verified.error };
  return {
    kind: 'checked',
    tx: verified.value.tx,
    safeTxHash: verified.value.safeTxHash,
    report: checkGatewayClaims(details, safe.address, abiFor),
  };
}

export function useTransactionVerdict(details: TransactionDetails): TransactionVerdict {
  const { chain, address, safe } = useSafe();
  const abiFor = useContractAbis(chain.chainId);
  return transactionVerdict(
    details,
    { chainId: Number(chain.chainId), address, version: safe.version },
    abiFor,
  );
}
