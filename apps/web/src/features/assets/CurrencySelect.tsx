import { useId } from 'react';
import { fiatCodeLabel } from './fiatFormat';
import { orderFiatCodes, useFiatCurrency } from './fiatCurrency';
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
  const { popular, others } = orderFiatCodes([...(codes.data ?? []), currency]);
  const option = (code: string) => (
    <option key={code} value={code}>
      {fiatCodeLabel(code)}
    </option>
  );
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
        {popular.length > 0 && others.length > 0 ? (
          <>
            <optgroup label="Most used">{popular.map(option)}</optgroup>
            <optgroup label="All others">{others.map(option)}</optgroup>
          </>
        ) : (
          [...popular, ...others].map(option)
        )}
      </select>
      {codes.isError && (
        <span id={`${id}-error`} className="visually-hidden">
          The list of currencies could not be loaded.
        </span>
      )}
    </div>
  );
}
