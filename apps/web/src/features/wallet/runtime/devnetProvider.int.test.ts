import { secondDevnetChainId, startDevnet, type Devnet } from '@countersign/devnet';
import { createPublicClient, http, numberToHex, parseEther, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevnetProvider } from './devnetProvider';

let main: Devnet;
let second: Devnet;

beforeAll(async () => {
  [main, second] = await Promise.all([
    startDevnet({ port: 0, seed: 'teamSafeOnly' }),
    startDevnet({ port: 0, chainId: secondDevnetChainId, seed: 'teamSafeOnly' }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([main?.stop(), second?.stop()]);
});

describe('the devnet wallet on two devnet chains', () => {
  it('starts on the main chain, switches with chainChanged, and sends on the chain it is on', async () => {
    const account = main.manifest.accounts.find((candidate) => candidate.role === 'owner E')!;
    const provider = createDevnetProvider(
      {
        chainIds: [String(main.manifest.chainId), String(secondDevnetChainId)],
        accounts: [{ address: account.address, label: 'owner E' }],
      },
      [
        { chainId: main.manifest.chainId, rpcUrl: main.rpcUrl },
        { chainId: secondDevnetChainId, rpcUrl: second.rpcUrl },
      ],
    );
    const changes: unknown[] = [];
    provider.on('chainChanged', (chainId) => changes.push(chainId));
    expect(await provider.request({ method: 'eth_chainId' })).toBe(numberToHex(main.manifest.chainId));
    await provider.request({ method: 'eth_requestAccounts' });

    expect(
      await provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: numberToHex(secondDevnetChainId) }],
      }),
    ).toBeNull();
    expect(changes).toEqual([numberToHex(secondDevnetChainId)]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe(numberToHex(secondDevnetChainId));
    // Switching to the chain it is on changes nothing.
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(secondDevnetChainId) }],
    });
    expect(changes).toHaveLength(1);

    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: account.address, to: account.address, value: numberToHex(parseEther('0.001')) }],
    })) as Hash;
    const onSecond = createPublicClient({ transport: http(second.rpcUrl) });
    const onMain = createPublicClient({ transport: http(main.rpcUrl) });
    expect((await onSecond.waitForTransactionReceipt({ hash })).status).toBe('success');
    await expect(onMain.getTransactionReceipt({ hash })).rejects.toThrow();

    // A chain it does not serve is refused, and leaves it where it was.
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4200 });
    await expect(
      provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4200 });
    expect(await provider.request({ method: 'eth_chainId' })).toBe(numberToHex(secondDevnetChainId));
  });
});
