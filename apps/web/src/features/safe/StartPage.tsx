import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { QueryErrorAlert } from '../../app/ErrorAlert';
import { useSelectedChain } from '../chains/useChains';
import { OwnedSafes } from './OwnedSafes';
import { openSafeTarget } from './safeId';

/** The start page: open a Safe by address (`0x…` on the selected chain, or `shortName:0x…`). */
export function HomeRoute() {
  const inputId = useId();
  const errorId = useId();
  const navigate = useNavigate();
  const { query, chains, chain } = useSelectedChain();
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
    <section className="page">
      <title>Open a Safe · Countersign</title>
      <h1>Open a Safe</h1>
      <form className="open-safe" onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId}>Safe address</label>
        <div className="open-safe-row">
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
          <button type="submit" className="button primary" data-testid="open-safe-submit">
            Open Safe
          </button>
        </div>
        {error !== null && (
          <p id={errorId} role="alert" className="field-error" data-testid="open-safe-error">
            {error}
          </p>
        )}
        <p className="hint">
          {chain
            ? `A bare 0x address opens on ${chain.chainName}. Prefix it with a short name (e.g. ${chain.shortName}:0x…) to pick the chain.`
            : 'Prefix the address with a chain short name, e.g. eth:0x….'}
        </p>
      </form>
      {query.isError && <QueryErrorAlert query={query} title="The chain list could not be loaded" />}
      <OwnedSafes chain={chain} />
    </section>
  );
}
