import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink, Page, PlusIcon, QueryErrorAlert } from '../../ui';
import { useSelectedChain } from '../../features/chains';
import { newSafePath, preloadNewSafe } from '../../features/safe-creation';
import { useWallet } from '../../features/wallet';
import { MySafes } from './MySafes';
import { OwnedSafes } from './OwnedSafes';
import { openSafeTarget } from '../../features/safe';
import styles from './StartPage.module.css';

/**
 * The start page: open a Safe by address (`0x…` on the selected chain, or `shortName:0x…`), create
 * one, My Safes (kept in this browser) and, once a wallet is linked, the Safes it owns.
 */
export function StartPage() {
  const inputId = useId();
  const errorId = useId();
  const navigate = useNavigate();
  const { query, chains, chain } = useSelectedChain();
  const wallet = useWallet();
  const account = wallet.status === 'connected' ? wallet.address : undefined;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = openSafeTarget(value, chains, chain);
    if (!target.ok) {
      setError(target.error);
      return;
    }
    setError(null);
    void navigate(target.path);
  };

  return (
    <Page
      title="Open a Safe"
      actions={
        <ButtonLink
          to={newSafePath}
          variant="primary"
          icon={<PlusIcon />}
          onMouseEnter={preloadNewSafe}
          onFocus={preloadNewSafe}
          data-testid="create-safe-link"
        >
          Create new Safe
        </ButtonLink>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId}>Safe address</label>
        <div className={styles.row}>
          <input
            id={inputId}
            data-testid="open-safe-input"
            name="safe"
            type="text"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            placeholder={chain ? `${chain.shortName}:0x… or 0x…` : 'eth:0x… or 0x…'}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? errorId : undefined}
          />
          <Button type="submit" variant="primary" data-testid="open-safe-submit">
            Open Safe
          </Button>
        </div>
        {error !== null && (
          <p id={errorId} role="alert" className={styles.error} data-testid="open-safe-error">
            {error}
          </p>
        )}
        <p className={styles.hint}>
          {chain
            ? `A bare 0x address opens on ${chain.chainName}. Prefix it with a short name (e.g. ${chain.shortName}:0x…) to pick the chain.`
            : 'Prefix the address with a chain short name, e.g. eth:0x….'}
        </p>
      </form>
      {query.isError && <QueryErrorAlert query={query} title="The chain list could not be loaded" />}
      <div className={styles.lists}>
        <MySafes chains={chains} selected={chain} account={account} />
        <OwnedSafes chain={chain} />
      </div>
    </Page>
  );
}
