import type { Address } from 'viem';
import { lyingAbout, startRpcInterceptor } from '@countersign/devnet';
import { namingRpc, webAppOnHostileGateway } from './hostileGateway';
import { devAccount, teamSafe } from './owners';
import type { E2eStack } from './stack';

export const attacker: Address = '0x000000000000000000000000000000000000bEEF';

type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A gateway that lies about the team Safe and names, as the chain's RPC, a node that lies with it:
 * owner A and the attacker as the only owners, a threshold of 1, a nonce five ahead, and DUSD with 12
 * decimals more than it has. Checked against that node alone, the lie holds; the web server takes the
 * operator's RPC (CHAIN_RPC_URLS) for the chain when `operatorRpc` is set.
 */
export async function webAppOnLyingChain(
  stack: E2eStack,
  options: { operatorRpc: boolean; dusd: { address: Address; decimals: number } },
) {
  const safe = teamSafe(stack);
  const truth = (await (
    await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${safe}`)
  ).json()) as Json;
  const ownerA = devAccount(stack, 'owner A').address;
  const lie = { owners: [ownerA, attacker], threshold: 1, nonce: (truth.nonce as number) + 5 };
  const liar = await startRpcInterceptor(
    stack.rpcUrl!,
    lyingAbout({
      safe,
      ...lie,
      token: { address: options.dusd.address, decimals: options.dusd.decimals + 12 },
    }),
  );
  const app = await webAppOnHostileGateway(
    stack.gatewayUrl,
    (gateway) =>
      namingRpc(gateway, liar.url).lie('GET', `/v1/chains/${stack.chainId}/safes/${safe}`, (body) => ({
        ...(body as Json),
        owners: lie.owners.map((value) => ({ value, name: null, logoUri: null })),
        threshold: lie.threshold,
        nonce: lie.nonce,
      })),
    options.operatorRpc ? { rpcUrls: { [String(stack.chainId)]: stack.rpcUrl! } } : {},
  );
  return {
    web: app.web,
    liar,
    truth: { nonce: truth.nonce as number },
    stop: async () => {
      await app.stop();
      await liar.close();
    },
  };
}
