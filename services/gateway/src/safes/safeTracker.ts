import type { Address } from 'viem';

/** Asks the chain's indexer to follow a Safe somebody asked about (it checks the address first). */
export type SafeTracker = (chainId: string, safe: Address) => void;
