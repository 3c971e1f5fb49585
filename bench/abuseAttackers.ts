import { request } from 'node:http';
import type { Address, Hex } from 'viem';
import { createSiweMessage } from 'viem/siwe';

/** What the bench hands the attackers' process. */
export type AttackPlan = {
  base: string;
  safe: Address;
  wallet: Address;
  endless: Address;
  /** Requests each attacker keeps in flight. */
  inFlight: number;
  durationMs: number;
};

/** Per attack, how many answers of each status it got (0: the connection broke). */
export type AttackStatuses = Record<string, Record<string, number>>;

/** Typed data of `depth` struct types each holding the next: what froze a replica for 4 s. */
function chainedTypes(depth: number) {
  const types: Record<string, { name: string; type: string }[]> = {
    EIP712Domain: [{ name: 'chainId', type: 'uint256' }],
  };
  for (let i = 0; i < depth; i++)
    types[`T${i}`] = [{ name: 'n', type: i + 1 < depth ? `T${i + 1}` : 'uint256' }];
  let message: unknown = 1;
  for (let i = depth - 1; i >= 1; i--) message = { n: message };
  return { types, primaryType: 'T0', domain: { chainId: 1337 }, message };
}

/** The worst requests of issue 32, each sent as one client (`from`) would. */
export function worstRequests(base: string, safe: Address, wallet: Address, endless: Address) {
  const json = (from: string) => ({ 'content-type': 'application/json', 'x-forwarded-for': from });
  const typed = JSON.stringify({ message: chainedTypes(1_500), signature: `0x${'11'.repeat(65)}` });
  const huge = JSON.stringify({ padding: 'x'.repeat(1_000_000) });
  return [
    {
      kind: 'Sign-In by a keccak-loop wallet',
      send: async (from: string) => {
        const nonceAnswer = await fetch(`${base}/v1/auth/nonce`, { headers: json(from) });
        if (!nonceAnswer.ok) return nonceAnswer.status;
        const { nonce } = (await nonceAnswer.json()) as { nonce: string };
        const message = createSiweMessage({
          address: wallet,
          chainId: 1337,
          domain: '127.0.0.1:5173',
          uri: 'http://127.0.0.1:5173',
          version: '1',
          nonce,
        });
        const answer = await fetch(`${base}/v1/auth/verify`, {
          method: 'POST',
          headers: json(from),
          body: JSON.stringify({ message, signature: `0x${'11'.repeat(65)}` as Hex }),
        });
        await answer.arrayBuffer();
        return answer.status;
      },
    },
    {
      kind: 'message of 1,500 chained types',
      send: async (from: string) => {
        const answer = await fetch(`${base}/v1/chains/1337/safes/${safe}/messages`, {
          method: 'POST',
          headers: json(from),
          body: typed,
        });
        await answer.arrayBuffer();
        return answer.status;
      },
    },
    {
      kind: 'nonces of a Safe look-alike with endless modules',
      send: async (from: string) => {
        const answer = await fetch(`${base}/v1/chains/1337/safes/${endless}/nonces`, { headers: json(from) });
        await answer.arrayBuffer();
        return answer.status;
      },
    },
    {
      kind: '1 MB body',
      // On a connection of its own: the gateway answers 413 and closes it while the body still flows,
      // which would break a pooled connection the other clients' requests go on.
      send: (from: string) =>
        postAlone(`${base}/v1/chains/1337/transactions/${safe}/propose`, json(from), huge),
    },
  ];
}

/** A POST on a fresh connection, closed after: its status, or 0 when the connection broke first. */
function postAlone(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve) => {
    const sent = request(url, { method: 'POST', headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', () => resolve(0));
    sent.end(body);
  });
}

/**
 * Sends the worst requests at full speed for the plan's duration, then prints what came back as
 * JSON after a first line that says they started. ABUSE_ONLY=<words> keeps the attacks whose name holds them, to see what each one costs.
 */
async function attack(plan: AttackPlan): Promise<AttackStatuses> {
  const statuses: AttackStatuses = {};
  const only = process.env.ABUSE_ONLY;
  const attacks = worstRequests(plan.base, plan.safe, plan.wallet, plan.endless).filter(
    ({ kind }) => !only || kind.includes(only),
  );
  const until = performance.now() + plan.durationMs;
  process.stdout.write('attacking\n');
  await Promise.all(
    attacks.flatMap(({ kind, send }, a) =>
      Array.from({ length: plan.inFlight }, async (_, n) => {
        // Each attacker from an IPv6 address of its own /64, a new one each time within it.
        let i = 0;
        while (performance.now() < until) {
          const from = `2001:db8:${a + 1}:${n}::${(i++ % 65_535).toString(16)}`;
          const status = String(await send(from).catch(() => 0));
          const byStatus = (statuses[kind] ??= {});
          byStatus[status] = (byStatus[status] ?? 0) + 1;
        }
      }),
    ),
  );
  return statuses;
}

const plan = process.env.ABUSE_PLAN;
if (plan) process.stdout.write(JSON.stringify(await attack(JSON.parse(plan) as AttackPlan)));
