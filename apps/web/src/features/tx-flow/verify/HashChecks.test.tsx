import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSafeTx, safeTxHashes } from '@countersign/safe-core';
import { teamSafeAddress } from '../../../testing';
import { HashChecks } from './HashChecks';

const tx = buildSafeTx({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 10n ** 17n, nonce: 8n });
const hashes = safeTxHashes({ chainId: 1337, safe: teamSafeAddress, tx, version: '1.4.1' });

describe('HashChecks', () => {
  it('lists what a hardware wallet shows for the SafeTx, beside the safeTxHash and the Safe’s own', () => {
    render(
      <HashChecks
        hashes={hashes}
        contractHash={{ data: hashes.safeTxHash, isPending: false, isError: false }}
      />,
    );
    const device = screen.getByRole('region', { name: 'On your hardware wallet’s screen' });
    const lines = within(device)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextSibling?.textContent]);
    expect(lines).toEqual([
      ['Domain hash', hashes.domainHash],
      ['Message hash', hashes.messageHash],
    ]);
    expect(device).toHaveTextContent(
      'Ledger and Trezor show these two when they sign without showing the fields',
    );
    expect(
      within(device).getByRole('button', { name: 'Copy the domain hash shown on the device' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('review-safe-tx-hash')).toHaveTextContent(hashes.safeTxHash);
    expect(screen.getByTestId('review-contract-check')).toHaveTextContent(
      'getTransactionHash gives the same safeTxHash',
    );
  });

  it('shows the domain hash of the Safe’s version: without the chain id before 1.3.0', () => {
    const old = safeTxHashes({ chainId: 1337, safe: teamSafeAddress, tx, version: '1.2.0' });
    expect(old.domainHash).not.toBe(hashes.domainHash);
    render(<HashChecks hashes={old} contractHash={{ isPending: true, isError: false }} />);
    expect(screen.getByTestId('review-domain-hash')).toHaveTextContent(old.domainHash);
    expect(screen.getByTestId('review-message-hash')).toHaveTextContent(old.messageHash);
  });
});
