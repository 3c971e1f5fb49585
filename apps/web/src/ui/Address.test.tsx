import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Address } from './Address';
import { AddressNamesProvider, KnownAddressNamesProvider, useOwnAddressName } from './addressNames';

const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('Address', () => {
  it('shows the shortened checksummed address, the whole one on hover and for screen readers', () => {
    render(<Address address={address.toLowerCase()} testId="who" />);
    const value = screen.getByTestId('address-value');
    expect(value).toHaveAttribute('title', address);
    expect(value).toHaveTextContent(address);
    expect(value.querySelector('[aria-hidden="true"]')).toHaveTextContent('0x5aAe…eAed');
    expect(screen.getByTestId('identicon')).toHaveAttribute('aria-hidden', 'true');
  });

  it("shows the gateway's name, and the user's own name over it", () => {
    const { rerender } = render(<Address address={address} name="Gateway name" />);
    expect(screen.getByTestId('address-name')).toHaveTextContent('Gateway name');
    rerender(
      <AddressNamesProvider lookup={(value) => (value === address ? 'My treasury' : undefined)}>
        <Address address={address} name="Gateway name" />
      </AddressNamesProvider>,
    );
    expect(screen.getByTestId('address-name')).toHaveTextContent('My treasury');
  });

  it('falls back to a name known from elsewhere (the token list) only when neither the user nor the gateway gave one', () => {
    const known = (value: string) => (value === address ? 'Dev Dollar' : undefined);
    const OwnName = () => <span data-testid="own-name">{useOwnAddressName(address) ?? 'none'}</span>;
    const { rerender } = render(
      <KnownAddressNamesProvider lookup={known}>
        <Address address={address} />
        <OwnName />
      </KnownAddressNamesProvider>,
    );
    expect(screen.getByTestId('address-name')).toHaveTextContent('Dev Dollar');
    // Words that must rest on the user's names alone do not take it.
    expect(screen.getByTestId('own-name')).toHaveTextContent('none');
    rerender(
      <KnownAddressNamesProvider lookup={known}>
        <Address address={address} name="Gateway name" />
        <OwnName />
      </KnownAddressNamesProvider>,
    );
    expect(screen.getByTestId('address-name')).toHaveTextContent('Gateway name');
  });

  it('renders a hostile name as text', () => {
    render(<Address address={address} name={'<img src=x onerror=alert(1)>\u202Eevil'} />);
    expect(screen.getByTestId('address-name').textContent).toBe('<img src=x onerror=alert(1)>\u202Eevil');
    // Only the identicon's own bitmap: the name made no element.
    expect(document.querySelector('img:not([data-testid="identicon"])')).toBeNull();
  });

  it('copies the address and says "Copied!"', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<Address address={address} copy />);
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(address);
    expect(await screen.findByText('Copied!')).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 1600)));
    expect(screen.queryByText('Copied!')).toBeNull();
  });

  it('links to the explorer in a new tab without a referrer', () => {
    render(<Address address={address} explorerUrl={`https://explorer.example.com/address/${address}`} />);
    const link = screen.getByRole('link', { name: 'View on block explorer' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
