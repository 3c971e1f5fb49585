import { describe, expect, it } from 'vitest';
import type { Signer } from '../safe';
import { txDetailsOwnerState, txOwnerState } from './ownerState';
import { info, ownerA, ownerB, ownerC, outsider, queued } from './testFixtures';

const owner = (address: string): Signer => ({ kind: 'owner', address });

describe('txOwnerState', () => {
  // Owner A proposed and signed; B and C still have to.
  const tx = queued(8).transaction;

  it('says nothing without a connected wallet, or while it reconnects', () => {
    expect(txOwnerState(tx, { kind: 'disconnected' })).toBeUndefined();
    expect(txOwnerState(tx, { kind: 'settling' })).toBeUndefined();
  });

  it('tells an owner who signed from one who still has to, whatever the letter case', () => {
    expect(txOwnerState(tx, owner(ownerA))).toBe('signed');
    expect(txOwnerState(tx, owner(ownerB.toLowerCase()))).toBe('needs-signature');
  });

  it('tells an account that is not an owner, delegate or not', () => {
    expect(txOwnerState(tx, { kind: 'outsider', address: outsider })).toBe('not-owner');
    expect(txOwnerState(tx, { kind: 'delegate', address: outsider })).toBe('not-owner');
  });

  it('says nothing when the gateway does not list missing signers (confirmations complete)', () => {
    const ready = { ...tx, txStatus: 'AWAITING_EXECUTION' as const };
    expect(txOwnerState(ready, owner(ownerB))).toBeUndefined();
    const unknown = { ...tx, executionInfo: { ...tx.executionInfo!, missingSigners: null } };
    expect(txOwnerState(unknown as typeof tx, owner(ownerB))).toBeUndefined();
  });
});

describe('txDetailsOwnerState', () => {
  const details = {
    txStatus: 'AWAITING_CONFIRMATIONS' as const,
    detailedExecutionInfo: {
      type: 'MULTISIG' as const,
      confirmations: [{ signer: info(ownerA), signature: '0x', submittedAt: 0 }],
    },
  } as unknown as Parameters<typeof txDetailsOwnerState>[0];

  it('reads who confirmed from the confirmations', () => {
    expect(txDetailsOwnerState(details, owner(ownerA))).toBe('signed');
    expect(txDetailsOwnerState(details, owner(ownerC))).toBe('needs-signature');
    expect(txDetailsOwnerState(details, { kind: 'outsider', address: outsider })).toBe('not-owner');
    expect(txDetailsOwnerState({ ...details, txStatus: 'SUCCESS' }, owner(ownerC))).toBeUndefined();
  });
});
