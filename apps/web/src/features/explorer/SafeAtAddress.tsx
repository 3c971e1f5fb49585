import { Link } from 'react-router';
import type { ChainInfo } from '@countersign/gateway-api';
import { isGatewayStatus } from '../../lib/gatewayErrors';
import { Alert, QueryErrorAlert } from '../../ui';
import { safeHomePath, useSafeInfoQuery } from '../safe';

/** A link to the Safe overview when the gateway knows a Safe at this address; nothing when it does not. */
export function SafeAtAddress({ chain, address }: { chain: ChainInfo; address: string }) {
  const safeQuery = useSafeInfoQuery(chain.chainId, address, { poll: false });
  if (safeQuery.data !== undefined) {
    return (
      <Alert tone="info" testId="address-safe">
        The gateway knows a Safe at this address.{' '}
        <Link to={safeHomePath(chain.shortName, address)} data-testid="open-safe-link">
          Open this Safe
        </Link>
      </Alert>
    );
  }
  // 404: the gateway knows no Safe here, which is the usual answer for a contract.
  if (safeQuery.isPending || isGatewayStatus(safeQuery.error, 404)) return null;
  return <QueryErrorAlert query={safeQuery} title="The gateway could not say whether this is a Safe" />;
}
