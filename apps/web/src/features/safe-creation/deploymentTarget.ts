import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Address, Client } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import { chainClient } from '../../lib/chainReader';
import { getCode } from 'viem/actions';
import type { SafeDeploymentPlan } from './deployment';

/**
 * What the chain says about a plan before it is sent: `free` (the Safe contracts are there and
 * nothing is at the predicted address yet), `deployed` (a contract already sits at the predicted
 * address: the same owners, threshold and salt nonce were used before), or `no-contracts` (the
 * factory, the singleton or the fallback handler is missing at its canonical address).
 */
export type DeploymentTarget = 'free' | 'deployed' | 'no-contracts';

export type CodeReader = Client;

async function hasCode(reader: CodeReader, address: Address): Promise<boolean> {
  const code = await getCode(reader, { address });
  return code !== undefined && code !== '0x';
}

export async function checkDeploymentTarget(
  reader: CodeReader,
  plan: Pick<SafeDeploymentPlan, 'factory' | 'singleton' | 'fallbackHandler' | 'predictedAddress'>,
): Promise<DeploymentTarget> {
  const [factory, singleton, fallbackHandler, predicted] = await Promise.all(
    [plan.factory, plan.singleton, plan.fallbackHandler, plan.predictedAddress].map((address) =>
      hasCode(reader, address),
    ),
  );
  if (!factory || !singleton || !fallbackHandler) return 'no-contracts';
  return predicted ? 'deployed' : 'free';
}

/** The check of a plan as a query, on the chain's RPC (skipped while there is no plan). */
export const deploymentTargetQueryOptions = (chain: ChainInfo, plan: SafeDeploymentPlan | undefined) =>
  queryOptions({
    queryKey: ['safe-creation', chain.chainId, plan?.predictedAddress ?? '', 'target'],
    queryFn: plan ? () => checkDeploymentTarget(chainClient(chain), plan) : skipToken,
  });

export const deploymentTargetTexts = {
  deployed:
    'A Safe already exists at this address: these owners, threshold and salt nonce were used before. Choose another salt nonce to create a new Safe, or open the existing one.',
  noContracts:
    'The Safe 1.4.1 contracts are not deployed at their usual addresses on this chain, so a Safe cannot be created here.',
} as const;
