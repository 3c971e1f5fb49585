/**
 * The wallet feature's public entry: what the app shell, pages and other features may use. None of
 * it loads wagmi, viem or RainbowKit; that code (runtime/) loads on an intent to connect, when the
 * page is idle, or on the first wallet request, and publishes its state and API through walletStore.
 */
export { WalletSlot } from './WalletSlot';
export { WalletNotice, WrongNetworkBanner } from './WalletBanners';
export type { WalletError } from './walletErrors';
export { walletTexts } from './walletTexts';
export {
  checkFailure,
  fromGateway,
  gatewayFailure,
  walletFailure,
  type WriteError,
  type WriteResult,
} from './writeResult';
export type { WalletApi, WalletReceipt, WalletSnapshot } from './walletStore';
export { HardwareScreen } from './HardwareScreen';
export {
  linkedWallet,
  SignerProvider,
  useSignerService,
  useWallet,
  type SignerService,
} from './signerService';
