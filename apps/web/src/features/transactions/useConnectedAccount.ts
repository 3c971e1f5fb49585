import { useWallet } from '../wallet';

/** The connected account, or undefined without a wallet. */
export function useConnectedAccount(): string | undefined {
  const wallet = useWallet();
  return wallet.status === 'connected' ? wallet.address : undefined;
}
