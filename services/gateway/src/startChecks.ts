// The light modules only: the gateway runs without the devnet's chain and contract code.
import { databaseFailure, redactUrl } from '@countersign/devnet/settings';
import { z } from 'zod';
import type { ChainConfig } from './chains/chainConfig';
import type { GatewayConfig } from './config';

const rpcTimeoutMs = 3_000;

const chainIdAnswer = z.object({ result: z.string().regex(/^0x[0-9a-fA-F]+$/) });

/**
 * Asks each chain's RPC for eth_chainId and returns one warning line per chain that does not answer
 * in time or answers another chain's id. The chain is named, its RPC URL never printed: it may hold
 * an API key. Never throws: the gateway starts anyway and its indexer keeps retrying.
 */
export async function rpcWarnings(chains: readonly ChainConfig[]): Promise<string[]> {
  const answers = await Promise.all(chains.map((chain) => rpcProblem(chain)));
  return chains.flatMap((chain, index) => {
    const problem = answers[index];
    return problem ? [`warning: chain ${chain.chainName} (${chain.chainId}): its RPC ${problem}`] : [];
  });
}

async function rpcProblem(chain: ChainConfig): Promise<string | undefined> {
  let answer: unknown;
  try {
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(rpcTimeoutMs),
    });
    if (!response.ok) return `answers eth_chainId with HTTP ${response.status}`;
    answer = await response.json();
  } catch (error) {
    // The reason only, by its name or code: a fetch error's message may quote the URL.
    const cause = (error as { cause?: { code?: string } }).cause;
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : (cause?.code ?? 'failed');
    return `does not answer eth_chainId (${reason})`;
  }
  const parsed = chainIdAnswer.safeParse(answer);
  if (!parsed.success) return 'answers eth_chainId without a chain id';
  const chainId = BigInt(parsed.data.result).toString();
  return chainId === chain.chainId ? undefined : `answers chain id ${chainId}, not ${chain.chainId}`;
}

/** The first line of what the driver said, else its code. */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message.split('\n')[0] : '';
  return message || ((error as { code?: string } | undefined)?.code ?? String(error));
}

/**
 * One line for a start that failed on a setting (a busy port, an unreachable database), naming the
 * setting and its value (a URL without its password); undefined for any other failure.
 */
export function explainStartFailure(error: unknown, config: GatewayConfig): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE' || (error instanceof Error && /address already in use/i.test(error.message))) {
    return `GATEWAY_PORT=${config.port} is in use: stop what listens there, or set GATEWAY_PORT to another port (0 picks a free one)`;
  }
  if (code === 'EACCES' && error instanceof Error && error.message.includes('listen')) {
    return `GATEWAY_PORT=${config.port} may not be bound by this user: set GATEWAY_PORT above 1023`;
  }
  const database = databaseFailure(error);
  if (config.store.databaseUrl && database !== undefined) {
    return `DATABASE_URL=${redactUrl(config.store.databaseUrl)} ${database}: ${firstLine(error)}`;
  }
  return undefined;
}
