import { Link } from 'react-router';
import { Alert } from '../../ui';
import { useSafe } from '../safe';
import { needingAttention } from './health';
import { useSafeHealth } from './useSafeHealth';

/** The home's line when the health report finds dangers or warnings, linking to it; nothing otherwise. */
export function SetupAttention() {
  const { paths } = useSafe();
  const health = useSafeHealth();
  const count = needingAttention(health.findings).length;
  // Counted once the chain has answered (or failed to), so that the line does not change under the reader.
  if (count === 0 || health.chainPending) return null;
  return (
    <Alert tone="warn" role="status" testId="setup-attention">
      <p>
        {count === 1 ? '1 thing' : `${count} things`} in this Safe’s setup {count === 1 ? 'needs' : 'need'}{' '}
        attention. <Link to={paths.settings('security')}>See the security check</Link>
      </p>
    </Alert>
  );
}
