import { isAddressEqual, type Address } from 'viem';
import { err, ok, type Result } from '../../../lib/result';
import { exactTokenAmount } from '../../../ui/format';
import {
  checkOwnerAddress,
  planSafeDeployment,
  type NewSafeVersion,
  type SafeDeploymentPlan,
} from '../../safe-creation';
import type { TxAction } from '../draft';

/**
 * A Safe the current Safe creates and owns (a nested Safe): its other owners as typed (one address a
 * line), checked line by line; then the factory call that deploys it and, when asked, the payment
 * that funds it, which the review signs as one transaction of the current Safe.
 */

/** The owners besides the current Safe, one a line (blank lines ignored), or each bad line's reason. */
export function checkOtherOwners(input: string, safe: Address, shortName: string): Result<Address[]> {
  const owners: Address[] = [];
  const problems: string[] = [];
  input.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const checked = checkOwnerAddress(line, shortName);
    const where = `Line ${index + 1}`;
    if (!checked.ok) problems.push(`${where}: ${checked.error}`);
    else if (isAddressEqual(checked.value, safe))
      problems.push(`${where}: this Safe is an owner already; list only the others.`);
    else if (owners.some((owner) => isAddressEqual(owner, checked.value)))
      problems.push(`${where}: this owner is listed twice.`);
    else owners.push(checked.value);
  });
  return problems.length > 0 ? err(problems.join(' ')) : ok(owners);
}

export type NestedSafeSetup = {
  chainId: string;
  safe: Address;
  others: readonly Address[];
  threshold: number;
  version: NewSafeVersion;
  saltNonce: bigint;
  /** Native coin sent to it once it exists; 0 for none. */
  funding: bigint;
  native: { symbol: string; decimals: number };
};

/** The new Safe's plan: the current Safe first among its owners. */
export const nestedSafePlan = (setup: NestedSafeSetup): SafeDeploymentPlan =>
  planSafeDeployment({
    chainId: setup.chainId,
    owners: [setup.safe, ...setup.others],
    threshold: setup.threshold,
    saltNonce: setup.saltNonce,
    version: setup.version,
  });

/** Deploy, then fund: the payment follows the deployment, so it reaches the Safe and not an empty address. */
export function nestedSafeActions(setup: NestedSafeSetup, plan: SafeDeploymentPlan): TxAction[] {
  const owners = setup.others.length + 1;
  const deploy: TxAction = {
    to: plan.factory,
    value: 0n,
    data: plan.data,
    label: `Create Safe ${plan.predictedAddress} (${plan.version}), owned by this Safe${setup.others.length > 0 ? ` and ${setup.others.join(', ')}` : ''}, ${setup.threshold} of ${owners} to confirm`,
  };
  if (setup.funding === 0n) return [deploy];
  return [
    deploy,
    {
      to: plan.predictedAddress,
      value: setup.funding,
      data: '0x',
      label: `Send ${exactTokenAmount(setup.funding, setup.native.decimals)} ${setup.native.symbol} to the new Safe ${plan.predictedAddress}`,
    },
  ];
}
