import { useCallback, useState } from 'react';
import type { Address } from 'viem';
import type { Balance } from '@countersign/gateway-api';
import { useSignerService } from '../wallet';
import { imageSource, shortLabel } from './imageSource';

export type AddToWalletStatus = { token: string; tone: 'ok' | 'info' | 'danger'; message: string };

/** Only ERC20 tokens can be tracked by a wallet; the native currency is always there. */
export const canAddToWallet = (item: Balance) => item.tokenInfo.type === 'ERC20';

/** What the wallet is asked to track: logos only as http(s) URLs, which every wallet can fetch. */
export function watchAssetRequest(item: Balance, chainId: number) {
  const image = imageSource(item.tokenInfo.logoUri);
  return {
    address: item.tokenInfo.address as Address,
    symbol: item.tokenInfo.symbol,
    decimals: item.tokenInfo.decimals,
    ...(image !== undefined && /^https?:/i.test(image) ? { image } : {}),
    chainId,
  };
}

/** "Add to wallet": one request at a time, its outcome worded for the page's status line. */
export function useAddToWallet(chainId: string) {
  const { api } = useSignerService();
  const [pending, setPending] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<AddToWalletStatus | undefined>(undefined);
  const add = useCallback(
    async (item: Balance) => {
      const token = item.tokenInfo.address.toLowerCase();
      const symbol = shortLabel(item.tokenInfo.symbol || item.tokenInfo.name || 'The token');
      setPending(token);
      setStatus(undefined);
      const result = await api.watchAsset(watchAssetRequest(item, Number(chainId)));
      setPending(undefined);
      if (!result.ok) setStatus({ token, tone: 'danger', message: result.error.message });
      else if (result.value.added)
        setStatus({ token, tone: 'ok', message: `${symbol} was added to your wallet.` });
      else setStatus({ token, tone: 'info', message: `Your wallet did not add ${symbol}.` });
    },
    [api, chainId],
  );
  return { add, pending, status, clearStatus: useCallback(() => setStatus(undefined), []) };
}
