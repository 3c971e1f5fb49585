import { describe, expect, it } from 'vitest';
import { ownerStateOf, ownerStateOfDetails } from './ownerState';
import { info, ownerA, ownerB, ownerC, outsider, queued } from './testFixtures';

const owners = [info(ownerA), info(ownerB), info(ownerC)];

describe('ownerStateOf', () => {
  // Owner A proposed and signed; B and C still have to.
  const tx = queued(8).transaction;

  it('says nothing without a connected wallet', () => {
    expect(ownerStateOf(tx, owners, undefined)).toBeUndefined();
  });

  it('tells an owner who signed from one who still has to, whatever the letter case', () => {
    expect(ownerStateOf(tx, owners, ownerA)).toBe('signed');
    expect(ownerStateOf(tx, owners, ownerB.toLowerCase())).toBe('needs-signature');
  });

  it('tells an account that is not an owner', () => {
    expect(ownerStateOf(tx, owners, outsider)).toBe('not-owner');
  });

  it('says nothing when the gateway does not list missing signers (confirmations complete)', () => {
    const ready = { ...tx, txStatus: 'AWAITING_EXECUTION' as const };
    expect(ownerStateOf(ready, owners, ownerB)).toBeUndefined();
    const unknown = { ...tx, executionInfo: { ...tx.executionInfo!, missingSigners: null } };
    expect(ownerStateOf(unknown as typeof tx, owners, ownerB)).toBeUndefined();
  });
});

describe('ownerStateOfDetails', () => {
  const details = {
    txStatus: 'AWAITING_CONFIRMATIONS' as const,
    detailedExecutionInfo: {
      type: 'MULTISIG' as const,
      confirmations: [{ signer: info(ownerA), signature: '0x', submittedAt: 0 }],
    },
  } as unknown as Parameters<typeof ownerStateOfDetails>[0];

  it('reads who confirmed from the confirmations', () => {
    expect(ownerStateOfDetails(details, owners, ownerA)).toBe('signed');
    expect(ownerStateOfDetails(details, owners, ownerC)).toBe('needs-signature');
    expect(ownerStateOfDetails(details, owners, outsider)).toBe('not-owner');
    expect(ownerStateOfDetails({ ...details, txStatus: 'SUCCESS' }, owners, ownerC)).toBeUndefined();
  });
});
