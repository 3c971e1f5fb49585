import { useId } from 'react';
import { fiatCodeLabel } from './fiatFormat';
import { normalizeFiatCode, useFiatCurrency } from './fiatCurrency';
import { useFiatCodesQuery } from './queries';
import styles from './CurrencySelect.module.css';

/**
 * The fiat currency of every value on screen, from the gateway's supported codes. While those load
 * (or if they cannot), the current choice is the only option, so the control never jumps.
 */
export function CurrencySelect() {
  const id = useId();
  const [currency, setCurrency] = useFiatCurrency();
  const codes = useFiatCodesQuery();
  const options = [...new Set([...(codes.data ?? []).map(normalizeFiatCode), currency])];
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Currency</label>
      <select
        id={id}
        value={currency}
        onChange={(event) => setCurrency(event.target.value)}
        data-testid="currency-select"
        aria-describedby={codes.isError ? `${id}-error` : undefined}
      >
        {options.map((code) => (
          <option key={code} value={code}>
            {fiatCodeLabel(code)}
          </option>
        ))}
      </select>
      {codes.isError && (
        <span id={`${id}-error`} className="visually-hidden">
          The list of currencies could not be loaded.
        </span>
      )}
    </div>
  );
}
