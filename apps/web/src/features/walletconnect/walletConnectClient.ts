import { SignClient } from '@walletconnect/sign-client';
import type { ProposalTypes, SessionTypes, SignClientTypes } from '@walletconnect/types';
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils';
import { readRpcMethods } from '@countersign/safe-apps-bridge';
import {
  sessionEvents,
  sessionMethods,
  type ConnectorEvents,
  type DappConnector,
  type DappMetadata,
  type DappSession,
  type SessionProposal,
  type SessionEvent,
  type SessionRequest,
} from './connector';

type Client = InstanceType<typeof SignClient>;

const text = (value: unknown, max = 200) => (typeof value === 'string' ? value.slice(0, max) : '');

function metadataOf(metadata: Partial<DappMetadata> | undefined): DappMetadata {
  return {
    name: text(metadata?.name, 100) || 'Unnamed dapp',
    url: text(metadata?.url),
    description: text(metadata?.description, 500),
    icons: Array.isArray(metadata?.icons) ? metadata.icons.slice(0, 3).map((icon) => text(icon)) : [],
  };
}

function chainsOf(namespaces: ProposalTypes.RequiredNamespaces | undefined): string[] {
  return Object.entries(namespaces ?? {}).flatMap(([key, namespace]) => namespace.chains ?? [key]);
}

function toProposal({
  id,
  params,
  verifyContext,
}: SignClientTypes.EventArguments['session_proposal']): SessionProposal {
  const all = [
    ...Object.values(params.requiredNamespaces ?? {}),
    ...Object.values(params.optionalNamespaces ?? {}),
  ];
  return {
    id,
    dapp: metadataOf(params.proposer.metadata),
    requiredChains: chainsOf(params.requiredNamespaces),
    optionalChains: chainsOf(params.optionalNamespaces),
    methods: [...new Set(all.flatMap((namespace) => namespace.methods))],
    events: [...new Set(all.flatMap((namespace) => namespace.events))],
    verifyContext,
  };
}

function toSession(session: SessionTypes.Struct): DappSession {
  const accounts = Object.values(session.namespaces).flatMap((namespace) => namespace.accounts);
  const connectedAt = Number(session.sessionProperties?.connectedAt);
  return {
    topic: session.topic,
    dapp: metadataOf(session.peer.metadata),
    accounts,
    chains: [...new Set(accounts.map((account) => account.split(':').slice(0, 2).join(':')))],
    connectedAt: Number.isFinite(connectedAt) ? connectedAt : undefined,
    expiresAt: session.expiry * 1000,
  };
}

function toRequest({
  id,
  topic,
  params,
  verifyContext,
}: SignClientTypes.EventArguments['session_request']): SessionRequest {
  return {
    id,
    topic,
    chainId: params.chainId,
    method: params.request.method,
    params: params.request.params,
    verifyContext,
  };
}

/**
 * The Safe's side of WalletConnect: one Sign client for the app, created when the owner opens the
 * Dapps page. Its sessions live in the SDK's own browser storage (IndexedDB) and survive reloads.
 */
class WalletConnectConnector implements DappConnector {
  private readonly listeners = { proposal: new Set(), request: new Set(), sessions: new Set() } as {
    [E in keyof ConnectorEvents]: Set<ConnectorEvents[E]>;
  };
  private readonly proposals = new Map<number, SignClientTypes.EventArguments['session_proposal']>();

  constructor(private readonly client: Client) {
    client.on('session_proposal', (event) => {
      this.proposals.set(event.id, event);
      for (const listener of this.listeners.proposal) listener(toProposal(event));
    });
    client.on('session_request', (event) => {
      for (const listener of this.listeners.request) listener(toRequest(event));
    });
    const changed = () => {
      for (const listener of this.listeners.sessions) listener();
    };
    client.on('session_delete', changed);
    client.on('session_expire', changed);
  }

  async pair(uri: string) {
    await this.client.pair({ uri: uri.trim() });
  }

  async approve(proposal: SessionProposal, account: { chainIds: number[]; address: string }) {
    const event = this.proposals.get(proposal.id);
    if (!event) throw new Error('This connection request has expired. Ask the dapp for a new one.');
    const chains = account.chainIds.map((chainId) => `eip155:${chainId}`);
    const namespaces = buildApprovedNamespaces({
      proposal: event.params,
      supportedNamespaces: {
        eip155: {
          chains,
          methods: [...sessionMethods, ...readRpcMethods],
          events: sessionEvents,
          accounts: chains.map((chain) => `${chain}:${account.address}`),
        },
      },
    });
    const { acknowledged } = await this.client.approve({
      id: proposal.id,
      namespaces,
      sessionProperties: { connectedAt: String(Date.now()) },
    });
    this.proposals.delete(proposal.id);
    await acknowledged();
    for (const listener of this.listeners.sessions) listener();
  }

  async reject(proposal: SessionProposal) {
    this.proposals.delete(proposal.id);
    await this.client.reject({ id: proposal.id, reason: getSdkError('USER_REJECTED') });
  }

  sessions() {
    return this.client.session.getAll().map(toSession);
  }

  async addChain(topic: string, account: { chainId: number; address: string }) {
    const session = this.client.session.get(topic);
    const chain = `eip155:${account.chainId}`;
    const current = session.namespaces.eip155;
    if (!current) throw new Error('The session has no eip155 namespace');
    const { acknowledged } = await this.client.update({
      topic,
      namespaces: {
        ...session.namespaces,
        eip155: {
          ...current,
          chains: [...new Set([...(current.chains ?? []), chain])],
          accounts: [...new Set([...current.accounts, `${chain}:${account.address}`])],
        },
      },
    });
    await acknowledged();
    for (const listener of this.listeners.sessions) listener();
  }

  async emit(topic: string, chainId: number, event: SessionEvent) {
    await this.client.emit({ topic, chainId: `eip155:${chainId}`, event });
  }

  async disconnect(topic: string) {
    await this.client.disconnect({ topic, reason: getSdkError('USER_DISCONNECTED') });
    for (const listener of this.listeners.sessions) listener();
  }

  async respond(
    request: SessionRequest,
    answer: { result: unknown } | { error: { code: number; message: string } },
  ) {
    await this.client.respond({
      topic: request.topic,
      response: { id: request.id, jsonrpc: '2.0', ...answer } as Parameters<Client['respond']>[0]['response'],
    });
  }

  pendingRequests() {
    return this.client
      .getPendingSessionRequests()
      .map((pending) => toRequest(pending as SignClientTypes.EventArguments['session_request']));
  }

  on<E extends keyof ConnectorEvents>(event: E, listener: ConnectorEvents[E]) {
    this.listeners[event].add(listener);
    return () => void this.listeners[event].delete(listener);
  }
}

let connector: Promise<DappConnector> | undefined;

/** The app's one connector, created on first use (a failed start is retried on the next). */
export function walletConnectConnector(options: {
  projectId: string;
  relayUrl: string | undefined;
  /** Whether WalletConnect's Verify server is asked about dapps (default: only with its public relay). */
  verify: boolean | undefined;
}): Promise<DappConnector> {
  connector ??= (async () => {
    const client = await SignClient.init({
      projectId: options.projectId,
      ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
      // No usage reports to WalletConnect (its "pulse" endpoint).
      telemetryEnabled: false,
      // The SDK would hand requests over one at a time, each a second after the last was answered:
      // a dapp's reads would crawl and its review wait. DappRequests keeps its own queue of prompts.
      signConfig: { disableRequestQueue: true },
      logger: 'error',
      metadata: {
        name: 'Countersign',
        description: 'A Safe multisig wallet',
        url: window.location.origin,
        icons: [],
      },
    });
    // With a relay of its own the operator wants nothing sent to WalletConnect unless they ask for
    // Verify (WALLETCONNECT_VERIFY=on): the SDK would ask WalletConnect's Verify server about each
    // proposal and request (it has no option to stop that), so Verify is not asked and every dapp
    // shows as "unknown".
    if (!(options.verify ?? !options.relayUrl))
      client.core.verify.resolve = (async () => undefined) as unknown as typeof client.core.verify.resolve;
    return new WalletConnectConnector(client);
  })().catch((error: unknown) => {
    connector = undefined;
    throw error;
  });
  return connector;
}
