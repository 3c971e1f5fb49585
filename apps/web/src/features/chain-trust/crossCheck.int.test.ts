import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import {
  lyingAbout,
  startDevnet,
  startRpcInterceptor,
  type Devnet,
  type RpcInterceptor,
} from '@countersign/devnet';
import { checkPendingOwnerRpcs, ownerRpcs } from '../../lib/rpcSources';
import { compareRpcSources } from './crossCheck';

const stranger: Address = '0x000000000000000000000000000000000000bEEF';

/**
 * Issue 33: a gateway can name a node that lies with it. Where two RPCs are at hand, every fact a
 * page relies on is asked of both, at one block, and each difference is named.
 */
describe('two RPCs compared', () => {
  let devnet: Devnet;
  const proxies: RpcInterceptor[] = [];
  const liar = async (lies: Parameters<typeof lyingAbout>[0]) => {
    const proxy = await startRpcInterceptor(devnet.rpcUrl, lyingAbout(lies));
    proxies.push(proxy);
    return proxy;
  };
  const safe = () => devnet.manifest.safes[0]!.address as Address;

  beforeAll(async () => {
    devnet = await startDevnet({ port: 0 });
  });
  afterEach(() => ownerRpcs.set({}));
  afterAll(async () => {
    for (const proxy of proxies) await proxy.close();
    await devnet?.stop();
  });

  it('agree where both are the same chain, honestly', async () => {
    const honest = await liar({});
    const agreement = await compareRpcSources(
      [
        { kind: 'owner', url: honest.url },
        { kind: 'operator', url: devnet.rpcUrl },
      ],
      safe(),
    );
    expect(agreement.disagreements).toEqual([]);
    expect(agreement.block).toBeGreaterThan(0n);
    expect(agreement.answers.every((answer) => 'facts' in answer && answer.facts.safe)).toBe(true);
  });

  it('name each fact a lying node answers differently, with both answers', async () => {
    const owners = devnet.manifest.safes[0]!.owners as Address[];
    const lying = await liar({ safe: safe(), owners: [stranger], threshold: 1, nonce: 99 });
    const agreement = await compareRpcSources(
      [
        { kind: 'operator', url: devnet.rpcUrl },
        { kind: 'gateway', url: lying.url },
      ],
      safe(),
    );
    const what = agreement.disagreements.map((item) => item.what);
    expect(what).toEqual(['Owners', 'Threshold', 'Nonce']);
    const ownersAnswers = agreement.disagreements[0]!.answers;
    expect(ownersAnswers.find((answer) => answer.source.kind === 'gateway')!.value).toBe(stranger);
    for (const owner of owners) {
      expect(ownersAnswers.find((answer) => answer.source.kind === 'operator')!.value).toContain(owner);
    }
    expect(agreement.disagreements[2]!.answers.map((answer) => answer.value)).toContain('99');
  });

  it('stop at the chain id when the nodes serve different chains', async () => {
    const elsewhere = await liar({ chainId: 1 });
    const agreement = await compareRpcSources(
      [
        { kind: 'owner', url: elsewhere.url },
        { kind: 'operator', url: devnet.rpcUrl },
      ],
      safe(),
    );
    expect(agreement.block).toBeUndefined();
    expect(agreement.disagreements).toEqual([
      {
        what: 'Chain id',
        answers: [
          { source: { kind: 'owner', url: elsewhere.url }, value: '1' },
          { source: { kind: 'operator', url: devnet.rpcUrl }, value: String(devnet.manifest.chainId) },
        ],
      },
    ]);
  });

  it("use an owner's RPC only once it answered its chain's id", async () => {
    const elsewhere = await liar({ chainId: 1 });
    const chainId = String(devnet.manifest.chainId);
    ownerRpcs.set({
      [chainId]: { url: devnet.rpcUrl, state: 'pending' },
      '5': { url: elsewhere.url, state: 'pending' },
      '10': { url: 'http://127.0.0.1:9/', state: 'pending' },
    });
    await checkPendingOwnerRpcs();
    const checked = ownerRpcs.get();
    expect(checked[chainId]).toEqual({ url: devnet.rpcUrl, state: 'in-use' });
    expect(checked['5']).toEqual({
      url: elsewhere.url,
      state: 'refused',
      reason: 'Not used. It serves chain 1, not chain 5.',
    });
    expect(checked['10']).toMatchObject({
      state: 'refused',
      reason: expect.stringContaining('could not be reached'),
    });
  });
});
