import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIAT_CURRENCY,
  normalizeFiatCode,
  orderFiatCodes,
  readFiatCurrency,
  setFiatCurrency,
  useFiatCurrency,
} from './fiatCurrency';

function Shown({ testId }: { testId: string }) {
  const [currency, setCurrency] = useFiatCurrency();
  return (
    <button data-testid={testId} onClick={() => setCurrency('JPY')}>
      {currency}
    </button>
  );
}

describe('the fiat currency', () => {
  it('is usd until chosen (the specification’s default)', () => {
    expect(DEFAULT_FIAT_CURRENCY).toBe('usd');
    expect(readFiatCurrency()).toBe('usd');
    render(<Shown testId="a" />);
    expect(screen.getByTestId('a')).toHaveTextContent('usd');
  });

  it('is remembered in localStorage, in the gateway’s path form (lower case)', () => {
    setFiatCurrency('EUR');
    expect(localStorage.getItem('countersign.fiat-currency')).toBe('eur');
    expect(readFiatCurrency()).toBe('eur');
  });

  it('survives a reload: what storage holds is read when the page starts', () => {
    localStorage.setItem('countersign.fiat-currency', 'gbp');
    render(<Shown testId="a" />);
    expect(screen.getByTestId('a')).toHaveTextContent('gbp');
  });

  it('is shared by every view: a change in one shows in all', () => {
    render(
      <>
        <Shown testId="a" />
        <Shown testId="b" />
      </>,
    );
    act(() => screen.getByTestId('a').click());
    expect(screen.getByTestId('a')).toHaveTextContent('jpy');
    expect(screen.getByTestId('b')).toHaveTextContent('jpy');
  });

  it('reads anything that cannot be a code as the default', () => {
    localStorage.setItem('countersign.fiat-currency', '../../etc');
    expect(readFiatCurrency()).toBe('usd');
    expect(normalizeFiatCode(' Eur ')).toBe('eur');
    expect(normalizeFiatCode('')).toBe('usd');
    expect(normalizeFiatCode(null)).toBe('usd');
  });

  it('is offered popular first, then alphabetically, each once', () => {
    expect(orderFiatCodes(['ZAR', 'btc', 'EUR', 'aed', 'usd', 'JPY', 'eur'])).toEqual({
      popular: ['usd', 'eur', 'jpy'],
      others: ['aed', 'btc', 'zar'],
    });
  });
});
