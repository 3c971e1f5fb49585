/** A JSON-RPC call to the chain's node gets this long (the specification's default). */
const RPC_TIMEOUT_MS = 10_000;

/** A read of the chain's node that failed, worded for whoever asked (an app, a dapp). */
export class ChainReadError extends Error {}

/**
 * One JSON-RPC call to the chain's node, for the reads Safe Apps and dapps may make (the caller holds
 * them to the read allowlist). The node's error message is passed on, cut short.
 */
export async function rpcRequest(
  url: string,
  method: string,
  params: unknown[],
  timeoutMs = RPC_TIMEOUT_MS,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new ChainReadError('The chain’s RPC node could not be reached');
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ChainReadError(
      `The chain’s RPC node answered ${response.status} ${response.statusText}`.trim(),
    );
  }
  if (typeof body !== 'object' || body === null)
    throw new ChainReadError('The chain’s RPC node answered nothing');
  const { result, error } = body as { result?: unknown; error?: { message?: unknown } };
  if (error !== undefined) {
    throw new ChainReadError(typeof error?.message === 'string' ? error.message.slice(0, 500) : 'RPC error');
  }
  return result ?? null;
}
