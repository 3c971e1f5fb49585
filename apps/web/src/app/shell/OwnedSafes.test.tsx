import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { devnetChain, fakeGateway, fakeSigner, renderWithRouter, teamSafeAddress } from '../../testing';
import { setAddressName } from '../../features/address-book';
import { OwnedSafes } from './OwnedSafes';

const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const otherSafe = '0x0Ba3A0B0a0C6d6c1D4c4B9f0E2a5d6C7b8F9a0E1';

const signer = fakeSigner({ address: owner });

describe('Your Safes on the start page', () => {
  it("names each Safe as the chain's address book does, as its header does", async () => {
    setAddressName(devnetChain.chainId, teamSafeAddress, 'Treasury');
    // The same address named on another chain is another Safe.
    setAddressName('1', otherSafe, 'Mainnet payroll');
    const getOwnedSafes = vi.fn(({ ownerAddress }: { ownerAddress: string }) =>
      Promise.resolve({ safes: ownerAddress === owner ? [teamSafeAddress, otherSafe] : [] }),
    );
    renderWithRouter(<OwnedSafes chain={devnetChain} />, '/', {
      gateway: fakeGateway({ getOwnedSafes }),
      signer,
    });
    const [named, unnamed] = await screen.findAllByTestId('owned-safe');
    expect(named).toHaveTextContent('Treasury');
    expect(named).toHaveAttribute('href', `/local:${teamSafeAddress}/home`);
    expect(unnamed).not.toHaveTextContent('Mainnet payroll');
    expect(unnamed!.querySelector('[data-testid="address-name"]')).toBeNull();
    expect(getOwnedSafes).toHaveBeenCalledWith({ chainId: '1337', ownerAddress: owner }, expect.anything());
  });

  it('lists beneath each Safe the Safes it owns, a cycle listed once', async () => {
    const child = '0x1111111111111111111111111111111111111111';
    const grandchild = '0x2222222222222222222222222222222222222222';
    const owned: Record<string, string[]> = {
      [owner]: [teamSafeAddress],
      [teamSafeAddress]: [child],
      [child]: [grandchild, teamSafeAddress],
      [grandchild]: [],
    };
    const getOwnedSafes = vi.fn(({ ownerAddress }: { ownerAddress: string }) =>
      Promise.resolve({ safes: owned[ownerAddress] ?? [] }),
    );
    renderWithRouter(<OwnedSafes chain={devnetChain} />, '/', {
      gateway: fakeGateway({ getOwnedSafes }),
      signer,
    });
    const nested = await screen.findAllByTestId('nested-owned-safe');
    expect(nested.map((link) => link.getAttribute('href'))).toEqual([
      `/local:${child}/home`,
      `/local:${grandchild}/home`,
    ]);
    expect(nested[0]!.closest('li')).toHaveAttribute('data-parent', teamSafeAddress);
    expect(nested[1]!.closest('li')).toHaveAttribute('data-parent', child);
    expect(screen.getAllByTestId('owned-safe')).toHaveLength(1);
  });
});
