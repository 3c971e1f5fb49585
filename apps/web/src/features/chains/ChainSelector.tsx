import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DrawnSelect } from '../../ui';
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

  // The chain's colour, when it is a plain hex colour (the gateway sends it), and its name: on a
  // phone, whose header has room for the short name only, the one in Safe links.
  const colour = /^#[0-9a-f]{3,8}$/i.test(current.theme.backgroundColor)
    ? current.theme.backgroundColor
    : undefined;
  return (
    <div className={styles.selector}>
      {label}
      <DrawnSelect
        start={
          <span className={styles.dot} style={colour === undefined ? undefined : { background: colour }} />
        }
        shown={
          <>
            <span className={styles.name}>{current.chainName}</span>
            <span className={styles.shortName}>{current.shortName}</span>
          </>
        }
      >
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
      </DrawnSelect>
    </div>
  );
}
