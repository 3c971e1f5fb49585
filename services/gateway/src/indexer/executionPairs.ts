import { getAddress, type Address, type Hex } from 'viem';
import { buildSafeTx, hashSafeTx, type SafeTx } from '@countersign/safe-core';
import { decodeAdditionalInfo, type ChainRange } from './fetchRange';

export type SafeEvent = ChainRange['safeEvents'][number];
export type MultisigOutcome = SafeEvent & { eventName: 'ExecutionSuccess' | 'ExecutionFailure' };
export type ModuleOutcome = SafeEvent & {
  eventName: 'ExecutionFromModuleSuccess' | 'ExecutionFromModuleFailure';
};
export type Outcome = MultisigOutcome | ModuleOutcome;
type MultisigAnnouncement = SafeEvent & { eventName: 'SafeMultiSigTransaction' };
type ModuleAnnouncement = SafeEvent & { eventName: 'SafeModuleTransaction' };

/** An execution's fields as an L2 Safe announced them, proven by the hash its outcome carries. */
export type AnnouncedMultisig = {
  tx: SafeTx;
  executor: Address;
  threshold: number;
  signatures: Hex;
};
export type AnnouncedModule = {
  /** The announcement's place, which names the module transaction. */
  id: string;
  module: Address;
  to: Address;
  value: bigint;
  data: Hex;
  operation: number;
};

/** Where an event sits, as a key: its transaction and position. */
export const eventKey = (log: { transactionHash: Hex | null; logIndex: number | null }) =>
  `${log.transactionHash}:${log.logIndex}`;

export const isMultisigOutcome = (log: SafeEvent): log is MultisigOutcome =>
  log.eventName === 'ExecutionSuccess' || log.eventName === 'ExecutionFailure';
export type Pairing = {
  multisig: Map<string, AnnouncedMultisig>;
  modules: Map<string, AnnouncedModule>;
  /** Outcomes no announcement explains: a Safe without L2 events, or one whose events do not add up. */
  unannounced: Outcome[];
};

/**
 * Matches each execution's outcome with the SafeL2 announcement that describes it. A multisig
 * outcome carries its safeTxHash, so it takes the announcement of the same transaction whose fields
 * hash to it, wherever it stands (a Safe executing its own execTransaction announces both before
 * either ends). A module outcome takes the closest earlier unmatched announcement by the same module
 * in the same transaction, as nested and successive calls both end in that order.
 * `events` must be one Safe's, in chain order.
 */
export function pairAnnouncements(events: readonly SafeEvent[], chainId: number): Pairing {
  const pairing: Pairing = { multisig: new Map(), modules: new Map(), unannounced: [] };
  const multisigAnnounced: { log: MultisigAnnouncement; hash: Hex; tx: SafeTx; used: boolean }[] = [];
  const moduleAnnounced: { log: ModuleAnnouncement; used: boolean }[] = [];
  for (const log of events) {
    const safe = getAddress(log.address);
    switch (log.eventName) {
      case 'SafeMultiSigTransaction': {
        const { args } = log;
        const info = decodeAdditionalInfo(args.additionalInfo);
        const tx = buildSafeTx({
          to: getAddress(args.to),
          value: args.value,
          data: args.data,
          operation: args.operation === 1 ? 1 : 0,
          safeTxGas: args.safeTxGas,
          baseGas: args.baseGas,
          gasPrice: args.gasPrice,
          gasToken: getAddress(args.gasToken),
          refundReceiver: getAddress(args.refundReceiver),
          nonce: info.nonce,
        });
        multisigAnnounced.push({ log, tx, hash: hashSafeTx({ chainId, safe, tx }), used: false });
        break;
      }
      case 'ExecutionSuccess':
      case 'ExecutionFailure': {
        const match = multisigAnnounced.find(
          (a) => !a.used && a.log.transactionHash === log.transactionHash && a.hash === log.args.txHash,
        );
        if (!match) {
          pairing.unannounced.push(log);
          break;
        }
        match.used = true;
        const info = decodeAdditionalInfo(match.log.args.additionalInfo);
        pairing.multisig.set(eventKey(log), {
          tx: match.tx,
          executor: getAddress(info.sender),
          threshold: Number(info.threshold),
          signatures: match.log.args.signatures,
        });
        break;
      }
      case 'SafeModuleTransaction':
        moduleAnnounced.push({ log, used: false });
        break;
      case 'ExecutionFromModuleSuccess':
      case 'ExecutionFromModuleFailure': {
        const module = getAddress(log.args.module);
        const match = moduleAnnounced.findLast(
          (a) =>
            !a.used &&
            a.log.transactionHash === log.transactionHash &&
            getAddress(a.log.args.module) === module,
        );
        if (!match) {
          pairing.unannounced.push(log);
          break;
        }
        match.used = true;
        const { args } = match.log;
        pairing.modules.set(eventKey(log), {
          id: `${match.log.transactionHash}-${match.log.logIndex}`,
          module,
          to: getAddress(args.to),
          value: args.value,
          data: args.data,
          operation: args.operation,
        });
        break;
      }
      default:
        break;
    }
  }
  return pairing;
}
