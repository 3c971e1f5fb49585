/**
 * Every text the app shows about the wallet, in one place. A module of its own so that the app shell
 * (banners, the wallet slot) has its few words at start, while the error classification in
 * walletErrors.ts loads with the wallet code and the views that use it.
 */
export const walletTexts = {
  wrongNetwork: 'Wrong network detected, switch or disconnect to continue.',
  switchingNotSupported:
    'Your wallet does not support switching networks from this app. Try switching networks from within your wallet instead.',
  oops: 'Oops, something went wrong!',
  rejectedConnect: 'You declined the connection request in your wallet.',
  rejectedSwitch: 'You declined the network switch in your wallet.',
  rejectedSignature: 'You declined the signature request in your wallet.',
  rejectedTransaction: 'You declined the transaction in your wallet.',
  rejected: 'You declined the request in your wallet.',
  pending: 'Your wallet already has a request waiting for you. Open your wallet to finish or cancel it.',
  signingNotSupported: 'Your wallet does not support this kind of signature request.',
  sendingNotSupported: 'Your wallet does not support sending transactions from this app.',
  watchAssetNotSupported:
    'Your wallet does not support adding tokens from this app. Add the token from within your wallet instead.',
  rejectedWatchAsset: 'You declined adding the token to your wallet.',
  chainNotConfigured:
    'Countersign has no wallet settings for this network, so your wallet cannot use it here.',
  insufficientFunds: 'Your account does not have enough funds to pay for this transaction and its gas.',
  receiptTimeout:
    'The transaction was not confirmed in time. It may still be mined: check it in your wallet or the explorer.',
  notConnected: 'No wallet is connected. Connect a wallet to continue.',
  notInstalled: (wallet: string) => `${wallet} is not installed`,
  notAvailable: (wallet: string) => `${wallet} is not available`,
  loadFailed: 'Wallet support could not be loaded. Check your connection and try again.',
} as const;
