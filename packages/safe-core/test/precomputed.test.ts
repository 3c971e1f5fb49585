import { keccak256, toBytes, toEventSelector, toFunctionSelector, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  canonicalFallbackHandlerName,
  canonicalProxyFactoryName,
  canonicalSingletonName,
  isTrustedDelegateCallTarget,
  knownContractName,
  safe141,
} from '../src';
import { proxyCreationTopic } from '../src/proxyCreation';
import { safeMigrationSelectors } from '../src/safeMigration';
import { logTopics } from '../src/stateChanges/readLogs';
import { signMsgTopic } from '../src/stateChanges/readStateChanges';
import { fallbackHandlerStorageSlot, guardStorageSlot, moduleGuardStorageSlot } from '../src/storageSlots';

// Hashes written out in the sources so that no page pays for them at start: each is hashed again here.
describe('hashes written out in the sources', () => {
  it('storage slots are the keccak of their names', () => {
    const slot = (name: string) => BigInt(keccak256(toBytes(name)));
    expect(fallbackHandlerStorageSlot).toBe(slot('fallback_manager.handler.address'));
    expect(guardStorageSlot).toBe(slot('guard_manager.guard.address'));
    expect(moduleGuardStorageSlot).toBe(slot('module_manager.module_guard.address'));
  });

  it('event topics are the selectors of their signatures', () => {
    expect(logTopics).toEqual({
      transfer: toEventSelector('Transfer(address,address,uint256)'),
      transferSingle: toEventSelector('TransferSingle(address,address,address,uint256,uint256)'),
      transferBatch: toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])'),
      approval: toEventSelector('Approval(address,address,uint256)'),
      approvalForAll: toEventSelector('ApprovalForAll(address,address,bool)'),
      permit2Approval: toEventSelector('Approval(address,address,address,uint160,uint48)'),
      permit2Permit: toEventSelector('Permit(address,address,address,uint160,uint48,uint48)'),
    });
    expect(signMsgTopic).toBe(toEventSelector('SignMsg(bytes32)'));
    expect(proxyCreationTopic).toBe(toEventSelector('ProxyCreation(address,address)'));
  });

  it('SafeMigration’s selectors are those of its methods', () => {
    for (const [method, selector] of Object.entries(safeMigrationSelectors))
      expect(selector).toBe(toFunctionSelector(`function ${method}()`));
  });
});

describe('canonical contracts looked up without a checksum', () => {
  it('finds an address in any case, and nothing for what is not an address', () => {
    const lower = safe141.multiSendCallOnly.toLowerCase();
    const upper = `0x${lower.slice(2).toUpperCase()}`;
    for (const spelling of [safe141.multiSendCallOnly, lower, upper]) {
      expect(knownContractName(spelling as `0x${string}`)).toBe('MultiSendCallOnly 1.4.1');
      expect(isTrustedDelegateCallTarget(spelling)).toBe(true);
    }
    expect(canonicalSingletonName(safe141.safe.toLowerCase())).toBe('Safe 1.4.1');
    expect(canonicalFallbackHandlerName(safe141.compatibilityFallbackHandler.toLowerCase())).toBe(
      'CompatibilityFallbackHandler 1.4.1',
    );
    expect(canonicalProxyFactoryName(safe141.safeProxyFactory.toLowerCase())).toBe('SafeProxyFactory 1.4.1');
    for (const notAnAddress of ['', 'multisend', `${lower}00`, toHex('x')]) {
      expect(knownContractName(notAnAddress as `0x${string}`)).toBeNull();
      expect(isTrustedDelegateCallTarget(notAnAddress)).toBe(false);
      expect(canonicalSingletonName(notAnAddress)).toBeNull();
    }
  });
});
