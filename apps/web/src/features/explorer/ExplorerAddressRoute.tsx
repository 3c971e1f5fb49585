import { useParams } from 'react-router';
import type { Address } from 'viem';
import { ErrorAlert, Loading, Page, QueryErrorAlert, Stat, StatGrid } from '../../ui';
import { DevnetGate, type Devnet } from './DevnetGate';
import { codeKindLabel, formatNativeAmount } from './explorerFormat';
import { parseAddressParam } from './explorerParams';
import { useAddressState } from './explorerQueries';
import { describeRpcError } from './rpcErrors';
import { SafeAtAddress } from './SafeAtAddress';

/** /explorer/address/:address — what the devnet holds for one address. */
export function ExplorerAddressRoute() {
  const { address: param = '' } = useParams();
  const parsed = parseAddressParam(param);
  if (!parsed.ok) {
    return (
      <Page title="Invalid address">
        <ErrorAlert title="Invalid address" message={parsed.error} />
      </Page>
    );
  }
  const address = parsed.value;
  return (
    <Page
      title={`Address ${address}`}
      heading="Address"
      description={<code data-testid="explorer-address">{address}</code>}
    >
      <DevnetGate>
        {(devnet) => (
          <AddressDetails key={`${devnet.chain.chainId}:${address}`} devnet={devnet} address={address} />
        )}
      </DevnetGate>
    </Page>
  );
}

function AddressDetails({ devnet, address }: { devnet: Devnet; address: Address }) {
  const stateQuery = useAddressState(devnet, address);
  if (stateQuery.data === undefined) {
    return stateQuery.isError ? (
      <QueryErrorAlert
        query={stateQuery}
        title="The address could not be read"
        description={describeRpcError(stateQuery.error, devnet.rpcUrl)}
      />
    ) : (
      <Loading label="Reading the address…" />
    );
  }
  const state = stateQuery.data;
  return (
    <>
      <p>on {devnet.chain.chainName}</p>
      <StatGrid>
        <Stat label="Balance" testId="address-balance">
          {formatNativeAmount(state.balance, devnet.chain.nativeCurrency)}
        </Stat>
        <Stat label="Nonce" testId="address-nonce">
          {state.nonce}
        </Stat>
        <Stat label="Type" testId="address-kind">
          {codeKindLabel(state.code)}
        </Stat>
      </StatGrid>
      {/* Only a contract can be a Safe: accounts cost the gateway no question. */}
      {state.code.kind === 'contract' && <SafeAtAddress chain={devnet.chain} address={address} />}
    </>
  );
}
