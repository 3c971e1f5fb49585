import { describe, expect, it } from 'vitest';
import { SwitchChainError, UserRejectedRequestError } from 'viem';
import { describeWalletError, walletErrorCode, walletTexts } from './walletErrors';

const rpcError = (code: number, message = 'wallet error') => Object.assign(new Error(message), { code });

describe('describeWalletError', () => {
  it('finds the EIP-1193 code through wrapped causes', () => {
    // SwitchChainError carries 4902 itself; the wallet's code is the innermost one.
    const wrapped = new SwitchChainError(rpcError(4200));
    expect(walletErrorCode(wrapped)).toBe(4200);
    expect(walletErrorCode(new Error('plain'))).toBeUndefined();
  });

  it('words a rejection (4001) for what was asked', () => {
    const rejected = new UserRejectedRequestError(rpcError(4001));
    expect(describeWalletError(rejected, 'connect')).toBe(walletTexts.rejectedConnect);
    expect(describeWalletError(rpcError(4001), 'switchChain')).toBe(walletTexts.rejectedSwitch);
    expect(describeWalletError(rpcError(4001), 'other')).toBe(walletTexts.rejected);
  });

  it('explains a request already pending (-32002)', () => {
    expect(describeWalletError(rpcError(-32002), 'connect')).toBe(walletTexts.pending);
  });

  it('says a wallet cannot switch networks from here (4200, -32601)', () => {
    expect(describeWalletError(new SwitchChainError(rpcError(4200)), 'switchChain')).toBe(
      'Your wallet does not support switching networks from this app. Try switching networks from within your wallet instead.',
    );
    expect(describeWalletError(rpcError(-32601), 'switchChain')).toBe(walletTexts.switchingNotSupported);
  });

  it('names a missing wallet', () => {
    const missing = Object.assign(new Error('Provider not found.'), { name: 'ProviderNotFoundError' });
    expect(describeWalletError(missing, 'connect', 'MetaMask')).toBe('MetaMask is not installed');
    expect(describeWalletError(rpcError(4900), 'connect', 'Test Wallet')).toBe(
      'Test Wallet is not available',
    );
  });

  it('falls back to the generic text', () => {
    expect(describeWalletError(rpcError(-32603), 'switchChain')).toBe('Oops, something went wrong!');
    expect(describeWalletError('weird', 'other')).toBe('Oops, something went wrong!');
  });
});
