import { SignClient } from '@walletconnect/sign-client';
import type { SignClientTypes } from '@walletconnect/types';
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils';
import type { Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { memoryStorage } from './walletConnectNode';

/**
 * A mobile wallet app, played in Node by WalletConnect's own Sign client with a dev key: it pairs
 * with the URI from a scanned QR code, approves (or declines) the session for one account on one
 * chain, and answers personal_sign. It is reached only through the relay given, never WalletConnect's.
 */
export class PhoneWallet {
  /** How the person holding the phone answers; tests flip these. */
  readonly behaviour: { session: 'approve' | 'reject'; sign: 'approve' | 'reject' } = {
    session: 'approve',
    sign: 'approve',
  };
  /** The methods the app asked for, in order. */
  readonly requests: string[] = [];
  readonly account: PrivateKeyAccount;
  private sessionTopic: string | undefined;

  private constructor(
    private readonly client: InstanceType<typeof SignClient>,
    privateKey: Hex,
    private readonly chainId: number,
  ) {
    this.account = privateKeyToAccount(privateKey);
    client.on('session_proposal', (proposal) => void this.approve(proposal));
    client.on('session_request', (event) => void this.answer(event));
    client.on('session_delete', ({ topic }) => {
      if (topic === this.sessionTopic) this.sessionTopic = undefined;
    });
  }

  static async start(options: { relayUrl: string; privateKey: Hex; chainId: number; projectId: string }) {
    const client = await SignClient.init({
      projectId: options.projectId,
      relayUrl: options.relayUrl,
      storage: memoryStorage(),
      telemetryEnabled: false,
      logger: 'error',
      metadata: {
        name: 'Phone wallet (test double)',
        description: 'A WalletConnect wallet played by the end-to-end tests',
        url: 'http://127.0.0.1',
        icons: [],
      },
    });
    return new PhoneWallet(client, options.privateKey, options.chainId);
  }

  /** Pairs with the URI a QR code showed. */
  async scan(uri: string): Promise<void> {
    await this.client.pair({ uri });
  }

  get connected(): boolean {
    return this.sessionTopic !== undefined;
  }

  /** Ends the session from the phone, as a user removing the app from their wallet would. */
  async disconnect(): Promise<void> {
    if (!this.sessionTopic) return;
    await this.client.disconnect({ topic: this.sessionTopic, reason: getSdkError('USER_DISCONNECTED') });
    this.sessionTopic = undefined;
  }

  async close(): Promise<void> {
    await this.client.core.relayer.transportClose();
  }

  private async approve({ id, params }: SignClientTypes.EventArguments['session_proposal']) {
    if (this.behaviour.session === 'reject') {
      await this.client.reject({ id, reason: getSdkError('USER_REJECTED') });
      return;
    }
    const chain = `eip155:${this.chainId}`;
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        eip155: {
          chains: [chain],
          methods: ['personal_sign'],
          events: ['accountsChanged', 'chainChanged'],
          accounts: [`${chain}:${this.account.address}`],
        },
      },
    });
    const { topic, acknowledged } = await this.client.approve({ id, namespaces });
    await acknowledged();
    this.sessionTopic = topic;
  }

  private async answer({ topic, id, params }: SignClientTypes.EventArguments['session_request']) {
    const { method, params: args } = params.request as { method: string; params: unknown[] };
    this.requests.push(method);
    if (method === 'personal_sign' && this.behaviour.sign === 'reject') {
      await this.client.respond({
        topic,
        response: { id, jsonrpc: '2.0', error: getSdkError('USER_REJECTED') },
      });
      return;
    }
    if (method === 'personal_sign') {
      const signature = await this.account.signMessage({ message: { raw: args[0] as Hex } });
      await this.client.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } });
      return;
    }
    await this.client.respond({
      topic,
      response: { id, jsonrpc: '2.0', error: getSdkError('UNSUPPORTED_METHODS') },
    });
  }
}
