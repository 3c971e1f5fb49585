import { describe, expect, it } from 'vitest';
import {
  ChainMismatchError,
  InsufficientFundsError,
  ResourceUnavailableRpcError,
  SwitchChainError,
  TransactionExecutionError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
  WaitForTransactionReceiptTimeoutError,
} from 'viem';
import { mainnet } from 'viem/chains';
import { describeWalletError, toWalletError, walletErrorCode } from './walletErrors';
import { walletTexts } from './walletTexts';

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

describe('signing and sending', () => {
  it('words a rejection for a signature and for a transaction', () => {
    expect(describeWalletError(rpcError(4001), 'sign')).toBe(
      'You declined the signature request in your wallet.',
    );
    expect(describeWalletError(new UserRejectedRequestError(rpcError(4001)), 'sendTransaction')).toBe(
      'You declined the transaction in your wallet.',
    );
  });

  it('says when the wallet cannot sign or send this (4200, -32601, -32004)', () => {
    expect(describeWalletError(new UnsupportedProviderMethodError(rpcError(4200)), 'sign')).toBe(
      walletTexts.signingNotSupported,
    );
    expect(describeWalletError(rpcError(-32601), 'sendTransaction')).toBe(walletTexts.sendingNotSupported);
    expect(describeWalletError(rpcError(-32004), 'sign')).toBe(walletTexts.signingNotSupported);
    // The connection and generic texts are unchanged.
    expect(describeWalletError(rpcError(4200), 'connect')).toBe(walletTexts.oops);
    expect(describeWalletError(rpcError(4200), 'other')).toBe(walletTexts.oops);
  });

  it('explains funds short of value plus gas, and a receipt that took too long', () => {
    const short = new TransactionExecutionError(new InsufficientFundsError(), {
      account: null,
      chain: mainnet,
      data: undefined,
      gas: undefined,
      gasPrice: undefined,
      maxFeePerGas: undefined,
      maxPriorityFeePerGas: undefined,
      nonce: undefined,
      to: undefined,
      value: undefined,
    });
    expect(describeWalletError(short, 'sendTransaction')).toBe(walletTexts.insufficientFunds);
    const late = new WaitForTransactionReceiptTimeoutError({ hash: `0x${'00'.repeat(32)}` });
    expect(describeWalletError(late, 'receipt')).toBe(walletTexts.receiptTimeout);
  });
});

describe('toWalletError', () => {
  it('gives the kind, the worded message and the wallet code', () => {
    const rejected = new UserRejectedRequestError(rpcError(4001));
    expect(toWalletError(rejected, 'sign')).toEqual({
      kind: 'rejected',
      message: walletTexts.rejectedSignature,
      code: 4001,
      cause: rejected,
    });
    expect(toWalletError(new ResourceUnavailableRpcError(rpcError(-32002)), 'sendTransaction')).toMatchObject(
      {
        kind: 'pending',
        message: walletTexts.pending,
        code: -32002,
      },
    );
    expect(toWalletError(new SwitchChainError(rpcError(4200)), 'switchChain')).toMatchObject({
      kind: 'unsupported',
      message: walletTexts.switchingNotSupported,
      code: 4200,
    });
    expect(toWalletError('weird', 'sign')).toEqual({
      kind: 'failed',
      message: walletTexts.oops,
      cause: 'weird',
    });
  });

  it("tells wagmi's and viem's own failures apart", () => {
    const named = (name: string) => Object.assign(new Error(name), { name });
    expect(
      toWalletError(new SwitchChainError(named('ChainNotConfiguredError')), 'switchChain'),
    ).toMatchObject({
      kind: 'unsupported',
      message: walletTexts.chainNotConfigured,
    });
    expect(
      toWalletError(new ChainMismatchError({ chain: mainnet, currentChainId: 1337 }), 'sendTransaction'),
    ).toMatchObject({ kind: 'wrong-chain', message: walletTexts.wrongNetwork });
    expect(toWalletError(named('ConnectorNotConnectedError'), 'sign')).toMatchObject({
      kind: 'not-connected',
      message: walletTexts.notConnected,
    });
    expect(toWalletError(named('ProviderNotFoundError'), 'sign', 'MetaMask')).toMatchObject({
      kind: 'unavailable',
      message: 'MetaMask is not installed',
    });
  });
});

describe('adding a token to the wallet (wallet_watchAsset)', () => {
  it('a wallet without the method (-32601, 4200, viem’s MethodNotFound): unsupported, said so', () => {
    for (const error of [
      rpcError(-32601),
      rpcError(4200),
      new UnsupportedProviderMethodError(new Error('x')),
    ]) {
      expect(toWalletError(error, 'watchAsset')).toMatchObject({
        kind: 'unsupported',
        message:
          'Your wallet does not support adding tokens from this app. Add the token from within your wallet instead.',
      });
    }
  });

  it('declined (4001): worded for adding a token', () => {
    expect(toWalletError(rpcError(4001), 'watchAsset')).toMatchObject({
      kind: 'rejected',
      code: 4001,
      message: 'You declined adding the token to your wallet.',
    });
  });

  it('anything else: the generic text', () => {
    expect(describeWalletError(rpcError(-32603), 'watchAsset')).toBe(walletTexts.oops);
  });
});
