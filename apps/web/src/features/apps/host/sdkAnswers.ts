import type { Balances, ChainInfo, SafeInfo } from '@countersign/gateway-api';
import type { AppChainInfo, AppSafeInfo } from '@countersign/safe-apps-bridge';
import { hexToString, isHex } from 'viem';

/** What the SDK's getSafeInfo answers, from the SafeInfo the Safe's pages hold already. */
export function appSafeInfo(safe: SafeInfo, chainId: string, isReadOnly: boolean): AppSafeInfo {
  return {
    safeAddress: safe.address.value,
    chainId: Number(chainId),
    owners: safe.owners.map((owner) => owner.value),
    threshold: safe.threshold,
    isReadOnly,
    nonce: safe.nonce,
    implementation: safe.implementation.value,
    modules: safe.modules?.map((module) => module.value) ?? null,
    fallbackHandler: safe.fallbackHandler?.value ?? null,
    guard: safe.guard?.value ?? null,
    version: safe.version,
  };
}

export function appChainInfo(chain: ChainInfo): AppChainInfo {
  return {
    chainName: chain.chainName,
    chainId: chain.chainId,
    shortName: chain.shortName,
    nativeCurrency: {
      name: chain.nativeCurrency.name,
      symbol: chain.nativeCurrency.symbol,
      decimals: chain.nativeCurrency.decimals,
      logoUri: chain.nativeCurrency.logoUri ?? '',
    },
    blockExplorerUriTemplate: {
      address: chain.blockExplorerUriTemplate.address,
      txHash: chain.blockExplorerUriTemplate.txHash,
      api: chain.blockExplorerUriTemplate.api,
    },
  };
}

/** getSafeBalances' answer: the gateway's balances in the SDK's shape. */
export function appBalances(balances: Balances) {
  return {
    fiatTotal: balances.fiatTotal,
    items: balances.items.map((item) => ({
      tokenInfo: {
        type: item.tokenInfo.type,
        address: item.tokenInfo.address,
        decimals: item.tokenInfo.decimals,
        symbol: item.tokenInfo.symbol,
        name: item.tokenInfo.name,
        logoUri: item.tokenInfo.logoUri ?? '',
      },
      balance: item.balance,
      // The SDK's types have no unknown price: apps get "0" there, as Safe's own gateway answers.
      fiatBalance: item.fiatBalance ?? '0',
      fiatConversion: item.fiatConversion ?? '0',
    })),
  };
}

/** Control characters other than tabs and line breaks say decoded bytes are data, not text. */
function isData(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/**
 * The text an app asks to sign. Its provider (personal_sign) sends text as the hex of its UTF-8
 * bytes; such a message is signed as the text those bytes spell, so the signature is the EIP-191 one
 * over the app's bytes (what the app verifies). Hex that is not UTF-8 text is signed as written.
 */
export function messageText(message: string): string {
  if (message.length < 4 || message.length % 2 !== 0 || !isHex(message)) return message;
  try {
    const bytes = Uint8Array.from(message.slice(2).match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // Control characters other than line breaks and tabs say these bytes are data, not text.
    return isData(text) ? message : hexToString(message);
  } catch {
    return message;
  }
}
