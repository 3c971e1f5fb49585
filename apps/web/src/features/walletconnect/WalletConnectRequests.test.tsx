import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSafePage } from '../../testing';
import { isWalletConnectActive, setWalletConnectActive } from './activity';
import { WalletConnectRequests } from './index';

afterEach(() => setWalletConnectActive(false));

describe('WalletConnectRequests', () => {
  it('loads nothing of WalletConnect until the Dapps page was opened or a session is left', async () => {
    renderSafePage(
      <>
        <WalletConnectRequests />
        <p>page</p>
      </>,
    );
    await screen.findByText('page');
    expect(isWalletConnectActive()).toBe(false);
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('remembers across reloads that WalletConnect is in use', () => {
    setWalletConnectActive(true);
    expect(window.localStorage.getItem('countersign.walletconnect.active')).toBe('1');
    setWalletConnectActive(false);
    expect(window.localStorage.getItem('countersign.walletconnect.active')).toBeNull();
  });
});
