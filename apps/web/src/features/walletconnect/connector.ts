import type { RpcError } from './requests';
import type { VerifyContext } from './verify';

/** A dapp's description of itself: untrusted text, never markup, its icon never loaded. */
export type DappMetadata = { name: string; url: string; description: string; icons: string[] };

export type SessionProposal = {
  id: number;
  dapp: DappMetadata;
  /** The chains the dapp requires and those it would also take (CAIP-2, e.g. "eip155:1"). */
  requiredChains: string[];
  optionalChains: string[];
  methods: string[];
  events: string[];
  verifyContext: VerifyContext | undefined;
};

export type DappSession = {
  topic: string;
  dapp: DappMetadata;
  /** The Safe's accounts in the session (CAIP-10, e.g. "eip155:1:0x…"). */
  accounts: string[];
  chains: string[];
  /** When the owner connected it (ms), when the protocol ends it (ms). */
  connectedAt: number | undefined;
  expiresAt: number;
};

export type SessionRequest = {
  id: number;
  topic: string;
  chainId: string;
  method: string;
  params: unknown;
  verifyContext: VerifyContext | undefined;
};

/** The events a session carries: the chain it is on, and its accounts (the Safe, on that chain). */
export type SessionEvent =
  { name: 'chainChanged'; data: number } | { name: 'accountsChanged'; data: string[] };

export type ConnectorEvents = {
  proposal: (proposal: SessionProposal) => void;
  request: (request: SessionRequest) => void;
  /** A session ended (by the dapp, by expiry) or was added. */
  sessions: () => void;
};

/**
 * What the Dapps page needs of WalletConnect, free of its SDK: the real one wraps the Sign client
 * (walletConnectClient.ts, loaded on demand), tests give a fake.
 */
export interface DappConnector {
  pair(uri: string): Promise<void>;
  /** Approves with the Safe's account on each of `chainIds` (its own chain first). */
  approve(proposal: SessionProposal, account: { chainIds: number[]; address: string }): Promise<void>;
  reject(proposal: SessionProposal): Promise<void>;
  sessions(): DappSession[];
  disconnect(topic: string): Promise<void>;
  respond(request: SessionRequest, answer: { result: unknown } | { error: RpcError }): Promise<void>;
  /** Adds the Safe's account on `chainId` to a session (a session update the dapp acknowledges). */
  addChain(topic: string, account: { chainId: number; address: string }): Promise<void>;
  /** Sends the dapp one of EIP-1193's events on `chainId`. */
  emit(topic: string, chainId: number, event: SessionEvent): Promise<void>;
  /** Requests that arrived before the page listened (or before a reload), oldest first. */
  pendingRequests(): SessionRequest[];
  on<E extends keyof ConnectorEvents>(event: E, listener: ConnectorEvents[E]): () => void;
}

/**
 * The methods a session may carry (those of them the dapp asks for). eth_sign is the JSON-RPC spec's
 * (personal_sign's EIP-191 prefixed message, its params reversed) and goes through the same Safe
 * message flow; a chain switch moves the session to another chain where the same Safe is (added
 * to the session if need be).
 */
export const sessionMethods = [
  'eth_sign',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_switchEthereumChain',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_accounts',
  'eth_requestAccounts',
];
export const sessionEvents = ['chainChanged', 'accountsChanged'];

/** Whether a `wc:` URI is one this client can pair with (WalletConnect v2: `wc:<topic>@2?…`). */
export function isPairingUri(text: string): boolean {
  return /^wc:[0-9a-f]{64}@2\?\S+$/.test(text.trim());
}

/** The chains on which a session holds `address` (its CAIP-10 accounts `eip155:<chain>:<address>`). */
export function sessionChainIdsOf(session: Pick<DappSession, 'accounts'>, address: string): number[] {
  const wanted = address.toLowerCase();
  return session.accounts.flatMap((account) => {
    const [namespace, chainId, holder] = account.split(':');
    return namespace === 'eip155' && holder?.toLowerCase() === wanted && /^\d+$/.test(chainId ?? '')
      ? [Number(chainId)]
      : [];
  });
}

/** A request's CAIP-2 chain (`eip155:1338`) as a number, or undefined for anything else. */
export function requestChainIdOf(chainId: string): number | undefined {
  const match = /^eip155:(\d{1,20})$/.exec(chainId);
  return match ? Number(match[1]) : undefined;
}
