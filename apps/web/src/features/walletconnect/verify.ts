/** WalletConnect Verify's word on a dapp's domain, as the SDK gives it with a proposal or request. */
export type VerifyContext = { verified: { validation: string; origin: string; isScam?: boolean } };

/** What the owner is told: a threat is refused, a mismatch warns, unknown says Verify could not tell. */
export type VerifyOutcome =
  | { kind: 'valid'; text: string }
  | { kind: 'unknown'; text: string }
  | { kind: 'mismatch'; text: string }
  | { kind: 'threat'; text: string };

export function verifyOutcome(context: VerifyContext | undefined, dappUrl: string): VerifyOutcome {
  const verified = context?.verified;
  if (verified?.isScam === true)
    return {
      kind: 'threat',
      text: `WalletConnect Verify lists ${verified.origin || dappUrl} as a known threat. Countersign refuses to connect it.`,
    };
  switch (verified?.validation) {
    case 'VALID':
      return {
        kind: 'valid',
        text: `WalletConnect Verify confirmed the request comes from ${verified.origin}.`,
      };
    case 'INVALID':
      return {
        kind: 'mismatch',
        text: `The request comes from ${verified.origin || 'another domain'}, not from ${dappUrl} as the dapp claims. Connect only if you trust it.`,
      };
    default:
      return {
        kind: 'unknown',
        text: 'WalletConnect Verify could not confirm where this request comes from. Check the dapp’s address yourself.',
      };
  }
}
