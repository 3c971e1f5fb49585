import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberChainId } from './selection';
import { useCurrentChain } from './useCurrentChain';
import styles from './ChainSelector.module.css';

/**
 * The chain picker in the header. On a page that belongs to a chain (a Safe's pages) it shows that
 * chain, and choosing another opens the same page there.
 */
export function ChainSelector() {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const { query, chains, current, route } = useCurrentChain();

  const label = (
    <label htmlFor={id} className="visually-hidden">
      Chain
    </label>
  );

  if (chains === undefined || current === undefined) {
    const text = query.isError ? 'Chains unavailable' : query.isPending ? 'Loading chains…' : 'No chains';
    return (
      <div className={styles.selector}>
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
    if (route) void navigate(route.handle.pathOnChain(route.params, location, chain.shortName));
  };

  return (
    <div className={styles.selector}>
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
