import { createContext } from 'react';

/**
 * The chain id of the page on screen, provided by WalletSlot with the app's query client and read
 * inside the wallet code, where wagmi's own query client answers useQuery (the chain list would be
 * asked for a second time there). A context reaches RainbowKit's provider as the page moves to
 * another chain without rendering the memoised wallet runtime, and so wagmi's provider, again.
 */
export const PageChainIdContext = createContext<number | undefined>(undefined);

/**
 * The gateway does not answer (the app runs on the operator's chains alone): Sign-In, a session with
 * the gateway, cannot happen, so wallets link without it, as signing needs no session.
 */
export const WithoutGatewayContext = createContext(false);
