import { Alert, type AlertTone } from '../../ui';
import { verifyOutcome, type VerifyContext, type VerifyOutcome } from './verify';

const tones: Record<VerifyOutcome['kind'], AlertTone> = {
  valid: 'ok',
  unknown: 'info',
  mismatch: 'warn',
  threat: 'danger',
};

const titles: Record<VerifyOutcome['kind'], string> = {
  valid: 'Domain verified',
  unknown: 'Domain not verified',
  mismatch: 'Domain mismatch',
  threat: 'Known threat',
};

/**
 * WalletConnect Verify's word on where a proposal or a request comes from: shown with the proposal
 * and again with every request of the session, each judged on its own context (a session approved
 * from a verified domain can be driven later from another).
 */
export function VerifyVerdict({ context, dappUrl }: { context: VerifyContext | undefined; dappUrl: string }) {
  const verify = verifyOutcome(context, dappUrl);
  return (
    <Alert tone={tones[verify.kind]} title={titles[verify.kind]} testId="dapp-verify">
      {verify.text}
    </Alert>
  );
}
