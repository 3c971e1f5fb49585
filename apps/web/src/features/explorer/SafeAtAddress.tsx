import { Link } from 'react-router';
import type { ChainInfo } from '@countersign/gateway-api';
import { QueryErrorAlert } from '../../app/ErrorAlert';
import { isGatewayStatus } from '../../lib/gatewayErrors';
import { safeHomePath } from '../safe/safePath';
import { useSafeInfo } from '../safe/useSafeInfo';

/** A link to the Safe overview when the gateway knows a Safe at this address; nothing when it does not. */
export function SafeAtAddress({ chain, address }: { chain: ChainInfo; address: string }) {
  const safeQuery = useSafeInfo(chain.chainId, address);
  if (safeQuery.data !== undefined) {
    return (
      <p className="explorer-safe" data-testid="address-safe">
        The gateway knows a Safe at this address.{' '}
        <Link to={safeHomePath(chain.shortName, address)} data-testid="open-safe-link">
          Open this Safe
        </Link>
      </p>
    );
  }
  // 404: the gateway knows no Safe here, which is the usual answer for a contract.
  if (safeQuery.isPending || isGatewayStatus(safeQuery.error, 404)) return null;
  return <QueryErrorAlert query={safeQuery} title="The gateway could not say whether this is a Safe" />;
}
