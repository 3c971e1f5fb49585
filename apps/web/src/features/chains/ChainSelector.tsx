import { useId } from 'react';
import { useNavigate } from 'react-router';
import { safeHomePath } from '../safe/safePath';
import { rememberChainId } from './useChains';
import { useCurrentChain } from './useCurrentChain';

/**
 * The chain picker in the header. On a Safe's page it shows that Safe's chain, and choosing another
 * chain opens the same address there (Safes often share an address across chains).
 */
export function ChainSelector() {
  const id = useId();
  const navigate = useNavigate();
  const { query, chains, current, routeSafe } = useCurrentChain();

  const label = (
    <label htmlFor={id} className="visually-hidden">
      Chain
    </label>
  );

  if (chains === undefined || current === undefined) {
    const text = query.isError ? 'Chains unavailable' : query.isPending ? 'Loading chains…' : 'No chains';
    return (
      <div className="chain-selector">
        {label}
        <select id={id} data-testid="chain-selector" disabled value="">
          <option value="">{text}</option>
        </select>
      </div>
    );
  }

  const onChange = (chainId: string) => {
    const chain = chains.find((candidate) => candidate.chainId === chainId);
    if (chain === undefined) return;
    rememberChainId(chain.chainId);
    if (routeSafe !== undefined && routeSafe.addressPart !== '') {
      void navigate(safeHomePath(chain.shortName, routeSafe.addressPart));
    }
  };

  return (
    <div className="chain-selector">
      {label}
      <select
        id={id}
        data-testid="chain-selector"
        value={current.chainId}
        onChange={(event) => onChange(event.target.value)}
      >
        {chains.map((chain) => (
          <option key={chain.chainId} value={chain.chainId}>
            {chain.chainName}
          </option>
        ))}
      </select>
    </div>
  );
}
