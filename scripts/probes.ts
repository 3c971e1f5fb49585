import { z } from 'zod';
import { redactUrl } from '@countersign/devnet';

const timeoutMs = 3_000;

const chainsPage = z.object({
  results: z.array(
    z.object({
      chainId: z.string(),
      chainName: z.string().optional(),
      rpcUri: z.object({ value: z.string() }).optional(),
    }),
  ),
});

async function rpcAnswers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * One warning line each when a remote gateway (GATEWAY_URL) does not answer, or when chains it
 * lists have RPCs that do not: otherwise the app would start and only its pages would say so.
 * Never fails the start; resolves with the warnings it printed.
 */
export async function warnIfUnreachable(gatewayUrl: string): Promise<string[]> {
  const warnings: string[] = [];
  let chains: z.infer<typeof chainsPage>['results'] = [];
  try {
    const response = await fetch(new URL('/v1/chains', gatewayUrl), {
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    chains = chainsPage.parse(await response.json()).results;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    warnings.push(
      `warning: GATEWAY_URL=${redactUrl(gatewayUrl)} does not answer GET /v1/chains (${reason}): the app will show no Safes until it does`,
    );
  }
  // Only RPCs that need no key filled in ({{...}} placeholders are the gateway's to fill).
  const rpcs = chains.flatMap((chain) =>
    chain.rpcUri && !chain.rpcUri.value.includes('{{') ? [{ ...chain, rpcUrl: chain.rpcUri.value }] : [],
  );
  const answers = await Promise.all(rpcs.map((chain) => rpcAnswers(chain.rpcUrl)));
  const down = rpcs.filter((_, index) => !answers[index]);
  if (down.length > 0) {
    // Named, not printed: an RPC's URL can hold an API key.
    const list = down.map((chain) => `${chain.chainName ?? 'chain'} (${chain.chainId})`).join(', ');
    warnings.push(`warning: the RPCs of these chains of GATEWAY_URL do not answer: ${list}`);
  }
  for (const warning of warnings) console.warn(warning);
  return warnings;
}
