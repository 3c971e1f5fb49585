import { useQuery } from '@tanstack/react-query';
import type { AddressInfo } from '@countersign/gateway-api';
import { isMultisigExecutionInfo, isTransactionItem } from '@countersign/gateway-api';
import type { Address } from 'viem';
import { chainClient } from '../../lib/chainReader';
import { useGateway } from '../../lib/ServicesProvider';
import { signingReachQueryOptions } from '../nested-safes';
import { safeKey, useChainSafeState, useQueueQuery, useSafe } from '../safe';
import { safeHealth, type HealthFacts, type NamedContract } from './health';
import { sameAddress } from '../../lib/address';

/** The gateway may send the zero address for "none". */
const setAddress = (info: AddressInfo | null) =>
  info === null || /^0x0{40}$/i.test(info.value) ? null : info.value;

/** The chain's address, with the name the gateway gives it if the gateway knows the same address. */
const namedBy =
  (infos: readonly (AddressInfo | null)[]) =>
  (address: string): NamedContract => ({
    address,
    gatewayName: infos.find((info) => info !== null && sameAddress(info.value, address))?.name ?? null,
  });

/**
 * The Safe's health report, from the chain's answer where it has come (else SafeInfo's claim), and
 * the first pages of the queue. Which owners are contracts (one eth_getCode each) is asked only with
 * `contractOwners`, which factory created the Safe (the gateway's creation claim and the receipt of
 * that transaction, code loaded on demand) only with `factory`: the home's line goes without both.
 */
export function useSafeHealth({
  contractOwners = false,
  factory = false,
}: { contractOwners?: boolean; factory?: boolean } = {}) {
  const { safe, chain, address, paths } = useSafe();
  const gateway = useGateway();
  const { state, query: chainQuery } = useChainSafeState();
  const queue = useQueueQuery(chain.chainId, address);
  const owners = state?.owners ?? safe.owners.map((owner) => owner.value);
  const code = useQuery({
    queryKey: safeKey(chain.chainId, address, 'owner-code', owners.join(',')),
    queryFn: async () => {
      const { getCode } = await import('viem/actions');
      const client = chainClient(chain);
      const codes = await Promise.all(owners.map((owner) => getCode(client, { address: owner as Address })));
      return owners.filter((_, index) => (codes[index] ?? '0x') !== '0x');
    },
    enabled: contractOwners,
    retry: 1,
    staleTime: 60_000,
  });
  // Only when an owner is a contract can the Safe have lost its way to the threshold.
  const threshold = state?.threshold ?? safe.threshold;
  const reach = useQuery({
    ...signingReachQueryOptions(chain, address as Address, owners as Address[], threshold),
    enabled: contractOwners && (code.data?.length ?? 0) > 0,
  });
  const creation = useQuery({
    queryKey: safeKey(chain.chainId, address, 'creation'),
    queryFn: async () => {
      const { checkSafeFactory } = await import('./safeFactory');
      return checkSafeFactory(
        { gateway, client: chainClient(chain) },
        { chainId: chain.chainId, safe: address as Address },
      );
    },
    enabled: factory,
    // A Safe is created once; what could not be read is asked again on the next visit.
    staleTime: (query) => (query.state.data?.status === 'checked' ? Infinity : 0),
  });
  const modulesInfo = safe.modules ?? [];
  const name = namedBy([safe.implementation, safe.fallbackHandler, safe.guard, ...modulesInfo]);
  const nameOrNull = (value: string | null) => (value === null ? null : name(value));
  const queued = queue.data?.pages.flatMap((page) =>
    page.results.flatMap((item) =>
      isTransactionItem(item) && isMultisigExecutionInfo(item.transaction.executionInfo)
        ? [{ nonce: item.transaction.executionInfo.nonce, txInfo: item.transaction.txInfo }]
        : [],
    ),
  );
  const queuedNonces = queued?.map((item) => item.nonce);
  const rejectionNonces = queued
    ?.filter(({ txInfo }) => txInfo.type === 'Custom' && txInfo.isCancellation)
    .map((item) => item.nonce);
  const fromGateway = {
    owners,
    threshold: safe.threshold,
    nonce: safe.nonce,
    version: safe.version,
    implementation: name(safe.implementation.value),
    fallbackHandler: nameOrNull(setAddress(safe.fallbackHandler)),
    modules: modulesInfo.map((module) => name(module.value)),
    guard: nameOrNull(setAddress(safe.guard)),
  };
  const facts: HealthFacts = {
    ...(state === undefined
      ? { source: 'gateway', ...fromGateway }
      : {
          source: 'chain',
          owners: state.owners,
          threshold: state.threshold,
          nonce: state.nonce,
          version: state.version,
          implementation: name(state.implementation),
          fallbackHandler: nameOrNull(state.fallbackHandler),
          modules: state.modules.map(name),
          modulesCut: state.modulesCut ?? false,
          guard: nameOrNull(state.guard),
          moduleGuard: nameOrNull(state.moduleGuard),
        }),
    recommendedVersion: chain.recommendedMasterCopyVersion,
    gatewayVersionState: safe.implementationVersionState,
    contractOwners: code.data,
    reach: reach.data,
    queuedNonces,
    rejectionNonces,
    factory: creation.data,
  };
  return {
    findings: safeHealth(facts, paths),
    source: facts.source,
    chainPending: chainQuery.isPending,
    chainFailed: chainQuery.isError,
    contractOwnersChecked: code.data !== undefined,
    contractOwnersFailed: code.isError,
    queueChecked: queuedNonces !== undefined,
    factoryPending: factory && creation.isPending,
  };
}
