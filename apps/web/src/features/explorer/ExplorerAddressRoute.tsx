import { useParams } from 'react-router';
import type { Address } from 'viem';
import { ErrorAlert, Loading, QueryErrorAlert } from '../../app/ErrorAlert';
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
      <section className="page">
        <title>Invalid address · Countersign</title>
        <ErrorAlert title="Invalid address" message={parsed.error} />
      </section>
    );
  }
  const address = parsed.value;
  return (
    <section className="page">
      <title>{`Address ${address} · Countersign`}</title>
      <header className="explorer-heading">
        <h1>Address</h1>
        <p className="explorer-subject">
          <code data-testid="explorer-address">{address}</code>
        </p>
      </header>
      <DevnetGate>
        {(devnet) => (
          <AddressDetails key={`${devnet.chain.chainId}:${address}`} devnet={devnet} address={address} />
        )}
      </DevnetGate>
    </section>
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
      <p className="muted">on {devnet.chain.chainName}</p>
      <dl className="facts">
        <div>
          <dt>Balance</dt>
          <dd data-testid="address-balance">
            {formatNativeAmount(state.balance, devnet.chain.nativeCurrency)}
          </dd>
        </div>
        <div>
          <dt>Nonce</dt>
          <dd data-testid="address-nonce">{state.nonce}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd data-testid="address-kind">{codeKindLabel(state.code)}</dd>
        </div>
      </dl>
      {/* Only a contract can be a Safe: accounts cost the gateway no question. */}
      {state.code.kind === 'contract' && <SafeAtAddress chain={devnet.chain} address={address} />}
    </>
  );
}
