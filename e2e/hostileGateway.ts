import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startWebServer, type WebServer, type WebServerOptions } from '@countersign/web/server';

/**
 * A hostile gateway: a proxy on loopback in front of the real local gateway that passes every
 * request through and rewrites the answers a test names. Everything else (sign-in, proposals,
 * confirmations) reaches the real gateway, so the web app is exercised end to end against one lie
 * at a time.
 */
type Rewrite = (body: unknown, request: { method: string; path: string }) => unknown;

const hopHeaders = new Set([
  'connection',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'keep-alive',
]);

const matches = (pattern: string | RegExp, path: string) =>
  typeof pattern === 'string' ? pattern === path : pattern.test(path);

export class HostileGateway {
  /** Every request the app made of it, in order. */
  readonly requests: { method: string; path: string }[] = [];
  private readonly lies: { method: string; path: string | RegExp; rewrite: Rewrite }[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly upstream: string,
  ) {}

  static async start(upstream: string): Promise<HostileGateway> {
    const self: { gateway?: HostileGateway } = {};
    const server = createServer((request, response) => {
      // Down: the connection is dropped unanswered, as when nothing listens.
      if (self.gateway!.down) {
        request.socket.destroy();
        return;
      }
      void self.gateway!.relay(request).then(
        ({ status, headers, body }) => {
          response.writeHead(status, headers);
          response.end(body);
        },
        () => {
          response.writeHead(502);
          response.end();
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    self.gateway = new HostileGateway(server, `http://127.0.0.1:${port}`, upstream);
    return self.gateway;
  }

  private readonly refusals: { method: string; path: string | RegExp; status: number; left: number }[] = [];
  private down = false;

  /** From now on every request, the web server's and the browser's, is dropped unanswered. */
  goDown(): this {
    this.down = true;
    this.server.closeAllConnections();
    return this;
  }

  /**
   * The next `times` requests to `method path` are answered `status` with the gateway's error body,
   * without reaching the gateway: a write that fails on the way.
   */
  refuse(method: string, path: string | RegExp, { status, times }: { status: number; times: number }): this {
    this.refusals.push({ method, path, status, left: times });
    return this;
  }

  /** From now on, answers to `method path` (exact, or a pattern) are rewritten by `rewrite`. */
  lie(method: string, path: string | RegExp, rewrite: Rewrite): this {
    this.lies.unshift({ method, path, rewrite });
    return this;
  }

  private async relay(request: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', this.url);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (name === 'host' || hopHeaders.has(name) || value === undefined) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const method = request.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '') || '/';
    this.requests.push({ method, path });
    const refusal = this.refusals.find(
      (candidate) => candidate.left > 0 && candidate.method === method && matches(candidate.path, path),
    );
    if (refusal) {
      refusal.left -= 1;
      return {
        status: refusal.status,
        headers: {
          'content-type': 'application/json',
          'access-control-allow-origin': request.headers.origin ?? '*',
          'access-control-allow-credentials': 'true',
        },
        body: Buffer.from(JSON.stringify({ code: refusal.status, message: 'Service unavailable' })),
      };
    }
    const answer = await fetch(`${this.upstream}${url.pathname}${url.search}`, {
      method,
      headers,
      body: chunks.length > 0 && method !== 'GET' && method !== 'HEAD' ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    });
    const out: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      if (!hopHeaders.has(name) && name !== 'set-cookie') out[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) out['set-cookie'] = cookies;
    let body = Buffer.from(await answer.arrayBuffer());
    const lie = this.lies.find((candidate) => candidate.method === method && matches(candidate.path, path));
    if (lie && answer.ok && (answer.headers.get('content-type') ?? '').includes('json')) {
      const rewritten = lie.rewrite(JSON.parse(body.toString('utf8')), { method, path });
      body = Buffer.from(JSON.stringify(rewritten));
      out['cache-control'] = 'no-store';
    }
    return { status: answer.status, headers: out, body };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

/** The real web app, served by its real server, talking to a hostile gateway in front of `gatewayUrl`. */
export async function webAppOnHostileGateway(
  gatewayUrl: string,
  /** Lies told from the start: the web server reads the chains once as it starts. */
  lies: (gateway: HostileGateway) => void = () => undefined,
  /** The web server's own settings besides its gateway (CHAIN_RPC_URLS, say). */
  web: Partial<WebServerOptions> = {},
): Promise<{
  web: WebServer;
  gateway: HostileGateway;
  stop: () => Promise<void>;
}> {
  const gateway = await HostileGateway.start(gatewayUrl);
  lies(gateway);
  const server = await startWebServer({ port: 0, gatewayUrl: gateway.url, prerenderBudgetMs: 5000, ...web });
  return {
    web: server,
    gateway,
    stop: async () => {
      await server.close();
      await gateway.close();
    },
  };
}

/** `changeThreshold(2)` as the gateway decodes a call. */
export const thresholdChangeDecoded = {
  method: 'changeThreshold',
  parameters: [{ name: '_threshold', type: 'uint256', value: '2' }],
};

/**
 * The lie of the 2025 heist, told of one transaction: whatever its bytes do, the gateway calls it
 * "Change threshold to 2" (its kind, settings and decoded data).
 */
export function callItAThresholdChange(gateway: HostileGateway, detailsPath: string): void {
  const decoded = thresholdChangeDecoded;
  gateway.lie('GET', detailsPath, (body) => {
    const details = body as { txInfo: unknown; txData: { dataDecoded: unknown } };
    details.txInfo = {
      type: 'SettingsChange',
      dataDecoded: decoded,
      settingsInfo: { type: 'CHANGE_THRESHOLD', threshold: 2 },
      humanDescription: 'Change threshold to 2',
    };
    details.txData.dataDecoded = decoded;
    return details;
  });
}

type ChainRpc = {
  rpcUri: { value: string };
  publicRpcUri: { value: string };
  safeAppsRpcUri: { value: string };
};

/** From now on the gateway names `rpcUrl` as the chain's RPC, in the chain list and in each chain's configuration. */
export function namingRpc(gateway: HostileGateway, rpcUrl: string): HostileGateway {
  const withRpc = (chain: ChainRpc) => {
    chain.rpcUri.value = rpcUrl;
    chain.publicRpcUri.value = rpcUrl;
    chain.safeAppsRpcUri.value = rpcUrl;
    return chain;
  };
  return gateway
    .lie('GET', '/v1/chains', (body) => {
      (body as { results: ChainRpc[] }).results.forEach(withRpc);
      return body;
    })
    .lie('GET', /^\/v1\/chains\/[^/]+$/, (body) => withRpc(body as ChainRpc));
}
