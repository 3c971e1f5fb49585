import { describe, expect, it } from 'vitest';
import type { SafeMessage } from '@countersign/gateway-api';
import { messageOwnerState } from './messageOwnerState';

const ownerA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ownerB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const signedByA: Pick<SafeMessage, 'status' | 'confirmations'> = {
  status: 'NEEDS_CONFIRMATION',
  confirmations: [{ owner: { value: ownerA, name: null, logoUri: null }, signature: '0x' }],
};

describe('messageOwnerState', () => {
  it('tells an owner who signed from one who still has to, whatever the letter case', () => {
    expect(messageOwnerState(signedByA, { kind: 'owner', address: ownerA.toLowerCase() })).toBe('signed');
    expect(messageOwnerState(signedByA, { kind: 'owner', address: ownerB })).toBe('needs-signature');
  });

  it('tells an account that is not an owner, and says nothing without a wallet', () => {
    expect(messageOwnerState(signedByA, { kind: 'outsider', address: ownerB })).toBe('not-owner');
    expect(messageOwnerState(signedByA, { kind: 'disconnected' })).toBeUndefined();
    expect(messageOwnerState(signedByA, { kind: 'settling' })).toBeUndefined();
  });

  it('says nothing once the message has its confirmations', () => {
    const confirmed = { ...signedByA, status: 'CONFIRMED' as const };
    expect(messageOwnerState(confirmed, { kind: 'owner', address: ownerB })).toBeUndefined();
  });
});
