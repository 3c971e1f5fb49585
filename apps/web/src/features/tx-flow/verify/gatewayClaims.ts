import {
  decodeFunctionData,
  getAddress,
  isAddress,
  parseAbiItem,
  size,
  slice,
  toFunctionSelector,
  type AbiFunction,
  type Address,
  type Hex,
} from 'viem';
import type { DataDecoded, MultiSendEntry, TransactionDetails } from '@countersign/gateway-api';
import {
  decodeCall,
  zeroAddress,
  type AbiLookup,
  type DecodedCall,
  type SafeTx,
} from '@countersign/safe-core';
import { innerCalls } from './innerCalls';
import { sameAddress } from '../../../lib/address';

type Call = Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'>;

/** One point where the gateway's account of a transaction and its own bytes disagree. */
export type ClaimMismatch = { what: string; gateway: string; bytes: string };

/**
 * What the browser makes of a gateway's transaction details, from the bytes alone:
 * - `calls`: the calls the transaction makes (a MultiSend's parts), decoded here;
 * - `decoded`: whether every call decoded with an ABI Countersign knows or the user keeps for its
 *   contract (else the raw call is all there is to show, and nothing about it may be called checked);
 * - `suppliedAbi`: the contracts whose calls were decoded with the user's ABI (the page says so);
 * - `undecoded`: the contracts whose calls nothing here decodes (the user may add their ABI);
 * - `mismatches`: every claim of the gateway (txInfo, dataDecoded) that the bytes contradict;
 * - `unchecked`: claims that cannot be compared (a kind or a method nothing here can decode).
 */
export type ClaimReport = {
  calls: Call[];
  decoded: boolean;
  suppliedAbi: Address[];
  undecoded: Address[];
  mismatches: ClaimMismatch[];
  unchecked: string[];
};

const lower = (value: unknown) => String(value).toLowerCase();
/** Decoded parameter values as comparable strings: addresses lower-cased, numbers in base 10, arrays flat. */
function normalised(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(normalised).join(',')}]`;
  if (typeof value === 'string' && isAddress(value, { strict: false })) return value.toLowerCase();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return lower(value);
}

function callText(decoded: { method: string; parameters: { value: unknown }[] | null } | null): string {
  if (!decoded) return 'no decodable call';
  return `${decoded.method}(${(decoded.parameters ?? []).map((p) => normalised(p.value)).join(', ')})`;
}

/**
 * Compares the gateway's decoding of `data` with the bytes. A method Countersign knows is decoded
 * here and compared value by value; a method it does not know is checked against the gateway's own
 * claim: the signature it names must have the bytes' selector and decode the bytes to the values it
 * shows. Either way a claim that does not hold is a mismatch.
 */
function compareDecoding(
  label: string,
  target: { to: string; data: Hex },
  claim: DataDecoded | null | undefined,
  report: ClaimReport,
  abiFor: AbiLookup | undefined,
): void {
  if (!claim) return;
  const { data } = target;
  const local = decodeCall(data, { to: target.to, abiFor });
  if (size(data) < 4) {
    report.mismatches.push({ what: label, gateway: `a call to ${claim.method}`, bytes: 'no call data' });
    return;
  }
  if (local) {
    const claimed = claim.parameters ?? [];
    const agrees =
      claim.method === local.method &&
      claimed.length === local.parameters.length &&
      local.parameters.every((p, i) => normalised(p.value) === normalised(claimed[i]?.value));
    if (!agrees) report.mismatches.push({ what: label, gateway: callText(claim), bytes: callText(local) });
    const localBatch = local.parameters[0]?.valueDecoded;
    const claimedBatch = claimed[0]?.valueDecoded;
    if (local.method === 'multiSend' && localBatch && Array.isArray(claimedBatch)) {
      compareBatch(localBatch, claimedBatch, report, abiFor);
    }
    return;
  }
  const selector = slice(data, 0, 4);
  const types = (claim.parameters ?? []).map((p) => p.type);
  let fn: AbiFunction;
  try {
    fn = parseAbiItem(`function ${claim.method}(${types.join(',')})`) as AbiFunction;
  } catch {
    report.unchecked.push(`${label}: the gateway names ${claim.method}, which cannot be checked here`);
    return;
  }
  const claimedSelector = toFunctionSelector(fn);
  if (claimedSelector !== selector) {
    report.mismatches.push({
      what: label,
      gateway: `${claim.method}(${types.join(',')}) (selector ${claimedSelector})`,
      bytes: `a call with selector ${selector}`,
    });
    return;
  }
  try {
    const decoded = decodeFunctionData({ abi: [fn], data });
    const values = (decoded.args ?? []) as readonly unknown[];
    const claimed = claim.parameters ?? [];
    if (values.some((value, i) => normalised(value) !== normalised(claimed[i]?.value))) {
      report.mismatches.push({
        what: label,
        gateway: callText(claim),
        bytes: `${claim.method}(${values.map(normalised).join(', ')})`,
      });
    }
  } catch {
    report.mismatches.push({
      what: label,
      gateway: callText(claim),
      bytes: `data that does not decode as ${claim.method}`,
    });
  }
}

function compareBatch(
  local: readonly { operation: number; to: string; value: string; data: Hex | null }[],
  claimed: readonly MultiSendEntry[],
  report: ClaimReport,
  abiFor: AbiLookup | undefined,
): void {
  if (local.length !== claimed.length) {
    report.mismatches.push({
      what: 'the number of actions in the batch',
      gateway: `${claimed.length} actions`,
      bytes: `${local.length} actions`,
    });
    return;
  }
  local.forEach((entry, index) => {
    const other = claimed[index];
    if (!other) return;
    const part = `action ${index + 1} of the batch`;
    if (!sameAddress(entry.to, other.to))
      report.mismatches.push({ what: `${part}, recipient`, gateway: other.to, bytes: entry.to });
    if (entry.value !== other.value)
      report.mismatches.push({ what: `${part}, value`, gateway: other.value, bytes: entry.value });
    if (entry.operation !== other.operation)
      report.mismatches.push({
        what: `${part}, operation`,
        gateway: other.operation === 1 ? 'delegatecall' : 'call',
        bytes: entry.operation === 1 ? 'delegatecall' : 'call',
      });
    if (lower(entry.data ?? '0x') !== lower(other.data ?? '0x'))
      report.mismatches.push({
        what: `${part}, its call`,
        gateway: other.dataDecoded ? callText(other.dataDecoded) : (other.data ?? 'no data'),
        bytes: entry.data ? callText(decodeCall(entry.data, { to: entry.to, abiFor })) : 'no data',
      });
    else if (entry.data)
      compareDecoding(part, { to: entry.to, data: entry.data }, other.dataDecoded, report, abiFor);
  });
}

/** The settings change a Safe method makes, as the gateway names it, with the values it names. */
const settingsMethods: Record<
  string,
  { method: string; values: (info: Record<string, unknown>) => unknown[] }
> = {
  ADD_OWNER: { method: 'addOwnerWithThreshold', values: (i) => [valueOf(i.owner), i.threshold] },
  REMOVE_OWNER: { method: 'removeOwner', values: (i) => [undefined, valueOf(i.owner), i.threshold] },
  SWAP_OWNER: { method: 'swapOwner', values: (i) => [undefined, valueOf(i.oldOwner), valueOf(i.newOwner)] },
  CHANGE_THRESHOLD: { method: 'changeThreshold', values: (i) => [i.threshold] },
  CHANGE_MASTER_COPY: { method: 'changeMasterCopy', values: (i) => [valueOf(i.implementation)] },
  CHANGE_IMPLEMENTATION: { method: 'changeMasterCopy', values: (i) => [valueOf(i.implementation)] },
  ENABLE_MODULE: { method: 'enableModule', values: (i) => [valueOf(i.module)] },
  DISABLE_MODULE: { method: 'disableModule', values: (i) => [undefined, valueOf(i.module)] },
  SET_FALLBACK_HANDLER: { method: 'setFallbackHandler', values: (i) => [valueOf(i.handler)] },
  SET_GUARD: { method: 'setGuard', values: (i) => [valueOf(i.guard)] },
  DELETE_GUARD: { method: 'setGuard', values: () => [zeroAddress] },
  SET_MODULE_GUARD: { method: 'setModuleGuard', values: (i) => [valueOf(i.moduleGuard)] },
  DELETE_MODULE_GUARD: { method: 'setModuleGuard', values: () => [zeroAddress] },
};

function valueOf(info: unknown): unknown {
  return info && typeof info === 'object' && 'value' in info ? (info as { value: unknown }).value : undefined;
}

function compareTxInfo(
  details: TransactionDetails,
  call: Call,
  safe: Address,
  report: ClaimReport,
  abiFor: AbiLookup | undefined,
) {
  const info = details.txInfo;
  const local = decodeCall(call.data, { to: call.to, abiFor });
  const localText =
    size(call.data) === 0 ? `a plain transfer of ${call.value} wei to ${call.to}` : callText(local);
  const claim = (what: string, gateway: string) =>
    report.mismatches.push({ what, gateway, bytes: localText });
  switch (info.type) {
    case 'Transfer': {
      const transfer = info.transferInfo;
      if (transfer.type === 'NATIVE_COIN') {
        if (size(call.data) !== 0 || !sameAddress(call.to, info.recipient.value))
          claim('kind', `a transfer of ${transfer.value ?? 'some'} wei to ${info.recipient.value}`);
        else if (transfer.value !== null && transfer.value !== call.value.toString())
          claim('amount', `${transfer.value} wei`);
        return;
      }
      if (transfer.type === 'ERC20' || transfer.type === 'ERC721') {
        const amount = transfer.type === 'ERC20' ? transfer.value : transfer.tokenId;
        const args = local?.parameters.map((p) => normalised(p.value)) ?? [];
        const moves =
          sameAddress(call.to, transfer.tokenAddress) &&
          ((local?.method === 'transfer' &&
            args[0] === lower(info.recipient.value) &&
            args[1] === normalised(amount)) ||
            ((local?.method === 'transferFrom' || local?.method === 'safeTransferFrom') &&
              args[1] === lower(info.recipient.value) &&
              args[2] === normalised(amount)));
        if (!moves)
          claim(
            'kind',
            `a transfer of ${amount} ${transfer.type === 'ERC20' ? 'base units' : '(token id)'} of ${transfer.tokenAddress} to ${info.recipient.value}`,
          );
        return;
      }
      report.unchecked.push(`The gateway calls it a transfer of kind ${transfer.originalType}`);
      return;
    }
    case 'SettingsChange': {
      compareDecoding('the settings change', call, info.dataDecoded, report, abiFor);
      const settings = info.settingsInfo;
      if (!settings) return;
      if (settings.type === 'UNKNOWN') {
        report.unchecked.push(`The gateway calls it a settings change of kind ${settings.originalType}`);
        return;
      }
      const expected = settingsMethods[settings.type];
      if (!expected) return;
      const values = expected.values(settings as unknown as Record<string, unknown>);
      const agrees =
        sameAddress(call.to, safe) &&
        local?.method === expected.method &&
        values.every(
          (value, i) => value === undefined || normalised(value) === normalised(local.parameters[i]?.value),
        );
      if (!agrees || local.source === 'supplied-abi')
        claim(
          'settings change',
          `${expected.method}(${values
            .filter((v) => v !== undefined)
            .map(normalised)
            .join(', ')}) on this Safe`,
        );
      return;
    }
    case 'Custom': {
      if (!sameAddress(info.to.value, call.to)) claim('recipient', `a call to ${info.to.value}`);
      if (info.value !== null && info.value !== call.value.toString()) claim('value', `${info.value} wei`);
      const empty = size(call.data) === 0;
      const isRejection = empty && call.value === 0n && sameAddress(call.to, safe);
      if (info.isCancellation !== isRejection)
        claim('kind', info.isCancellation ? 'an on-chain rejection' : 'not a rejection');
      if (info.methodName && local && info.methodName !== local.method)
        claim('method', `a call to ${info.methodName}`);
      if (info.methodName === 'multiSend' && typeof info.actionCount === 'number') {
        const count = local?.method === 'multiSend' ? innerCalls(call).length : 0;
        if (count !== info.actionCount) claim('number of actions', `${info.actionCount} actions`);
      }
      return;
    }
    case 'Creation':
      claim('kind', 'the creation of the Safe');
      return;
    case 'Unknown':
      report.unchecked.push(`The gateway calls it ${info.originalType}, a kind Countersign does not check`);
      return;
  }
}

/**
 * Checks what a gateway says a multisig transaction does against the bytes its safeTxHash covers
 * (txData's to, value, data and operation: verifiedSafeTxOfDetails has checked those hash). Nothing
 * here trusts the gateway's words: they are the claims being checked. `abiFor` gives the ABIs the
 * user keeps for contracts, which decode what Countersign's own ABI does not.
 */
export function checkGatewayClaims(
  details: TransactionDetails,
  safe: Address,
  abiFor?: AbiLookup,
): ClaimReport {
  const report: ClaimReport = {
    calls: [],
    decoded: true,
    suppliedAbi: [],
    undecoded: [],
    mismatches: [],
    unchecked: [],
  };
  const data = details.txData;
  if (!data) return { ...report, decoded: false };
  const call: Call = {
    to: getAddress(data.to.value),
    value: BigInt(data.value ?? '0'),
    data: (data.hexData ?? '0x') as Hex,
    operation: data.operation,
  };
  report.calls = innerCalls(call);
  const decodings = report.calls.map((inner) =>
    size(inner.data) === 0 ? undefined : decodeCall(inner.data, { to: inner.to, abiFor }),
  );
  report.decoded = decodings.every((decoded) => decoded !== null);
  const contractsWhere = (test: (decoded: DecodedCall | null | undefined) => boolean) => [
    ...new Set(report.calls.filter((_, i) => test(decodings[i])).map((inner) => inner.to)),
  ];
  report.suppliedAbi = contractsWhere((decoded) => decoded?.source === 'supplied-abi');
  report.undecoded = contractsWhere((decoded) => decoded === null);
  compareDecoding('the decoded call', call, data.dataDecoded, report, abiFor);
  compareTxInfo(details, call, safe, report, abiFor);
  const seen = new Set<string>();
  report.mismatches = report.mismatches.filter((m) => {
    const key = `${m.gateway}|${m.bytes}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  return report;
}
