import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A test double of the WalletConnect relay (WalletConnect's public relay cannot be reached from
 * here). It speaks the relay's JSON-RPC over WebSocket (irn_subscribe, irn_publish,
 * irn_subscription and their batch forms) and routes the end-to-end encrypted envelopes between the
 * clients subscribed to a topic, keeping what was published before a subscriber arrived, as the
 * real relay's mailbox does. It reads nothing inside the envelopes: it has no keys.
 */
type Envelope = { topic: string; message: string; publishedAt: number; tag: number; attestation?: string };
type Stored = Envelope & { from: WebSocket };
type Request = { id: number; method: string; params: Record<string, unknown> };
/** A connected client: its subscription id per topic, and the envelopes it has been sent. */
type Client = { subscriptions: Map<string, string>; delivered: Set<Stored> };

/** Messages kept per topic: a test's handshake and requests use a handful. */
const MAILBOX_LIMIT = 100;

export class WalletConnectRelay {
  /** Every envelope's topic and tag (the WalletConnect method it carries), in order. */
  readonly published: { topic: string; tag: number }[] = [];
  private readonly mailbox = new Map<string, Stored[]>();
  private readonly clients = new Map<WebSocket, Client>();
  private nextId = Date.now() * 1000;

  private constructor(
    private readonly server: WebSocketServer,
    readonly url: string,
  ) {
    server.on('connection', (socket) => {
      this.clients.set(socket, { subscriptions: new Map(), delivered: new Set() });
      socket.on('message', (data) => this.receive(socket, String(data)));
      socket.on('close', () => this.clients.delete(socket));
    });
  }

  /** Listens on a free loopback port. */
  static async start(): Promise<WalletConnectRelay> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    return new WalletConnectRelay(server, `ws://127.0.0.1:${port}`);
  }

  async close(): Promise<void> {
    for (const socket of this.server.clients) socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private receive(socket: WebSocket, text: string) {
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      return;
    }
    // Answers to the irn_subscription messages sent to the client: nothing to do.
    if (!isRequest(payload)) return;
    const reply = (result: unknown) =>
      socket.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', result }));
    const params = payload.params;
    switch (payload.method) {
      case 'irn_subscribe':
        reply(this.subscribe(socket, String(params.topic)));
        this.deliverWaiting(socket, [String(params.topic)]);
        return;
      case 'irn_batchSubscribe': {
        const topics = (params.topics as unknown[]).map(String);
        reply(topics.map((topic) => this.subscribe(socket, topic)));
        this.deliverWaiting(socket, topics);
        return;
      }
      case 'irn_unsubscribe':
        this.clients.get(socket)?.subscriptions.delete(String(params.topic));
        reply(true);
        return;
      case 'irn_batchUnsubscribe':
        for (const entry of params.subscriptions as { topic: string }[]) {
          this.clients.get(socket)?.subscriptions.delete(entry.topic);
        }
        reply(true);
        return;
      case 'irn_publish':
        this.publish(socket, params);
        reply(true);
        return;
      case 'irn_batchPublish':
        for (const message of params.messages as Record<string, unknown>[]) this.publish(socket, message);
        reply(true);
        return;
      case 'irn_batchFetchMessages':
        // Waiting messages are pushed on subscription, so a fetch finds none left.
        reply({ messages: [], hasMore: false });
        return;
      default:
        socket.send(
          JSON.stringify({
            id: payload.id,
            jsonrpc: '2.0',
            error: { code: -32601, message: `${payload.method} is not served by this relay double` },
          }),
        );
    }
  }

  private subscribe(socket: WebSocket, topic: string): string {
    const { subscriptions } = this.clients.get(socket)!;
    const id = subscriptions.get(topic) ?? randomBytes(32).toString('hex');
    subscriptions.set(topic, id);
    return id;
  }

  private publish(from: WebSocket, params: Record<string, unknown>) {
    const stored: Stored = {
      topic: String(params.topic),
      message: String(params.message),
      publishedAt: Date.now(),
      tag: Number(params.tag),
      attestation: typeof params.attestation === 'string' ? params.attestation : undefined,
      from,
    };
    this.published.push({ topic: stored.topic, tag: stored.tag });
    const box = this.mailbox.get(stored.topic) ?? [];
    box.push(stored);
    if (box.length > MAILBOX_LIMIT) box.shift();
    this.mailbox.set(stored.topic, box);
    for (const socket of this.clients.keys()) this.deliver(socket, stored);
  }

  private deliverWaiting(socket: WebSocket, topics: string[]) {
    for (const topic of topics)
      for (const stored of this.mailbox.get(topic) ?? []) this.deliver(socket, stored);
  }

  /** To each subscriber of the topic but its publisher, once. */
  private deliver(socket: WebSocket, stored: Stored) {
    const client = this.clients.get(socket);
    const subscription = client?.subscriptions.get(stored.topic);
    if (!client || !subscription || stored.from === socket || client.delivered.has(stored)) return;
    client.delivered.add(stored);
    const { from: _from, ...data } = stored;
    socket.send(
      JSON.stringify({
        id: this.nextId++,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: { id: subscription, data },
      }),
    );
  }
}

function isRequest(payload: unknown): payload is Request {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as Request).method === 'string' &&
    typeof (payload as Request).params === 'object' &&
    (payload as Request).params !== null
  );
}
