import { describe, expect, it } from 'vitest';
import { verifyOutcome } from './verify';

const context = (validation: string, origin: string, isScam?: boolean) => ({
  verified: { validation, origin, ...(isScam === undefined ? {} : { isScam }) },
});

describe('verifyOutcome', () => {
  it('is valid when Verify confirmed the domain', () => {
    expect(verifyOutcome(context('VALID', 'https://dapp.example'), 'https://dapp.example')).toEqual({
      kind: 'valid',
      text: 'WalletConnect Verify confirmed the request comes from https://dapp.example.',
    });
  });

  it('warns of a mismatch, naming both domains', () => {
    const outcome = verifyOutcome(context('INVALID', 'https://evil.example'), 'https://dapp.example');
    expect(outcome.kind).toBe('mismatch');
    expect(outcome.text).toBe(
      'The request comes from https://evil.example, not from https://dapp.example as the dapp claims. Connect only if you trust it.',
    );
  });

  it('is a threat when Verify lists the domain as a scam, whatever the validation', () => {
    expect(verifyOutcome(context('VALID', 'https://evil.example', true), 'https://evil.example').kind).toBe(
      'threat',
    );
    expect(verifyOutcome(context('UNKNOWN', '', true), 'https://evil.example').text).toContain(
      'https://evil.example as a known threat',
    );
  });

  it('is unknown when Verify could not tell or said nothing', () => {
    expect(verifyOutcome(context('UNKNOWN', 'https://dapp.example'), 'https://dapp.example').kind).toBe(
      'unknown',
    );
    expect(verifyOutcome(undefined, 'https://dapp.example').kind).toBe('unknown');
  });
});
