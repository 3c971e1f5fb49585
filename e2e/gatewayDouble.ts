import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startWebServer, type WebServer } from '@countersign/web/server';

/**
 * A test double of the Safe Client Gateway: a scripted HTTP server on loopback that answers what a
 * test tells it, so the real web app (served by its real server, pointed here) can be fed what the
 * local gateway never sends: hostile names, unknown transaction kinds, huge messages, failures.
 * Unscripted requests answer 404 `{code, message}` as the real gateway does.
 */
export type DoubleRequest = { method: string; path: string; query: URLSearchParams; body: unknown };
export type DoubleAnswer = {
  status?: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
};
type Handler = (request: DoubleRequest) => DoubleAnswer | unknown;

export const doubleSafeAddress = '0x1111111111111111111111111111111111111111';
export const doubleChainId = '1337';
export const doubleShortName = 'double';

const info = (value: string, name: string | null = null) => ({ value, name, logoUri: null });

/** A chain in the gateway's shape, with its explorer on loopback. */
export function doubleChain(overrides: Record<string, unknown> = {}) {
  return {
    chainId: doubleChainId,
    chainName: 'Gateway double',
    description: '',
    chainLogoUri: null,
    l2: true,
    isTestnet: true,
    zk: false,
    shortName: doubleShortName,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: null },
    transactionService: 'http://127.0.0.1:9',
    blockExplorerUriTemplate: {
      address: 'http://127.0.0.1:9/address/{{address}}',
      txHash: 'http://127.0.0.1:9/tx/{{txHash}}',
      api: 'http://127.0.0.1:9/api',
    },
    beaconChainExplorerUriTemplate: { publicKey: null },
    disabledWallets: [],
    ensRegistryAddress: null,
    balancesProvider: { chainName: null, enabled: false },
    features: ['SAFE_APPS', 'EIP1559'],
    gasPrice: [],
    rpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:9' },
    safeAppsRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:9' },
    publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:9' },
    theme: { textColor: '#ffffff', backgroundColor: '#000000' },
    recommendedMasterCopyVersion: '1.4.1',
    ...overrides,
  };
}

/** A 1-of-2 Safe in the gateway's shape. */
export function doubleSafeInfo(overrides: Record<string, unknown> = {}) {
  return {
    address: info(doubleSafeAddress),
    chainId: doubleChainId,
    nonce: 3,
    threshold: 1,
    owners: [
      info('0x2222222222222222222222222222222222222222'),
      info('0x3333333333333333333333333333333333333333'),
    ],
    implementation: info('0x29fcB43b46531BcA003ddC8FCB67FFE91900C762', 'SafeL2 1.4.1'),
    implementationVersionState: 'UP_TO_DATE',
    modules: null,
    fallbackHandler: null,
    guard: null,
    version: '1.4.1',
    collectiblesTag: null,
    txQueuedTag: null,
    txHistoryTag: null,
    messagesTag: null,
    ...overrides,
  };
}

export const emptyPage = { count: 0, next: null, previous: null, results: [] };

export class GatewayDouble {
  readonly requests: DoubleRequest[] = [];
  private readonly routes: { method: string; path: string | RegExp; handler: Handler }[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** Starts the double with a chain and the Safe at doubleSafeAddress; tests add what they need. */
  static async start(): Promise<GatewayDouble> {
    // The server answers through the double it belongs to, made once the port is known.
    const self: { double?: GatewayDouble } = {};
    const server = createServer((request, response) => {
      void self.double?.answer(request).then(({ status, body, headers }) => {
        response.writeHead(status, {
          'Access-Control-Allow-Origin': request.headers.origin ?? '*',
          'Access-Control-Allow-Credentials': 'true',
          'Access-Control-Allow-Headers': 'Content-Type',
          'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
          ...headers,
        });
        response.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const double = new GatewayDouble(server, `http://127.0.0.1:${port}`);
    self.double = double;
    double.on('GET', '/v1/chains', () => ({
      count: 1,
      next: null,
      previous: null,
      results: [doubleChain()],
    }));
    double.on('GET', `/v1/chains/${doubleChainId}`, () => doubleChain());
    double.on('GET', `/v1/chains/${doubleChainId}/safes/${doubleSafeAddress}`, () => doubleSafeInfo());
    return double;
  }

  /** Answers `method path` (exact path, or a pattern) with the handler's answer; later rules win. */
  on(method: string, path: string | RegExp, handler: Handler): this {
    this.routes.unshift({ method, path, handler });
    return this;
  }

  private async answer(
    request: IncomingMessage,
  ): Promise<{ status: number; body: string; headers: Record<string, string> }> {
    if (request.method === 'OPTIONS') return { status: 204, body: '', headers: {} };
    const url = new URL(request.url ?? '/', this.url);
    const text = await new Promise<string>((resolve) => {
      let data = '';
      request.on('data', (chunk: Buffer) => (data += chunk.toString()));
      request.on('end', () => resolve(data));
    });
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const entry: DoubleRequest = { method: request.method ?? 'GET', path, query: url.searchParams, body };
    this.requests.push(entry);
    const route = this.routes.find(
      (candidate) =>
        candidate.method === entry.method &&
        (typeof candidate.path === 'string' ? candidate.path === path : candidate.path.test(path)),
    );
    if (!route) {
      return {
        status: 404,
        body: JSON.stringify({ code: 404, message: 'Not found' }),
        headers: { 'Content-Type': 'application/json' },
      };
    }
    const result = route.handler(entry);
    const answer: DoubleAnswer =
      typeof result === 'object' && result !== null && ('status' in result || 'raw' in result)
        ? (result as DoubleAnswer)
        : { body: result };
    return {
      status: answer.status ?? 200,
      body: answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)),
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

/**
 * The real web app served by its real server with its gateway set to a fresh double. Returns the
 * app's URL of the double's Safe, the double to script, and a stop function.
 */
export async function webAppOnDouble(): Promise<{
  web: WebServer;
  double: GatewayDouble;
  safePath: string;
  stop: () => Promise<void>;
}> {
  const double = await GatewayDouble.start();
  const web = await startWebServer({ port: 0, gatewayUrl: double.url, prerenderBudgetMs: 5000 });
  return {
    web,
    double,
    safePath: `${web.url}/${doubleShortName}:${doubleSafeAddress}`,
    stop: async () => {
      await web.close();
      await double.close();
    },
  };
}
