import { encodeFunctionData, erc20Abi, erc721Abi, parseEther, parseUnits, type Address } from 'viem';
import {
  encodeMultiSend,
  Operation,
  safe130,
  safe141,
  safeAbi,
  sentinelAddress,
} from '@countersign/safe-core';
import type { DevAccount } from './accounts';
import { receiptOf, type DevnetClients } from './clients';
import type { DeployedTokens } from './deploy';
import type { DevnetManifest } from './manifest';
import { createSafe, executeSafeTx } from './safeOps';

export type DemoScenario = Pick<DevnetManifest, 'safes' | 'modules'>;

const day = 86_400;

function devAccount(accounts: DevAccount[], index: number) {
  const found = accounts[index];
  if (!found) throw new Error(`The demo needs dev account ${index}`);
  return found.account;
}

/** The team Safe as the manifest lists it once its first transaction has raised the threshold. */
function teamSafeEntry(address: Address, accounts: DevAccount[]): DevnetManifest['safes'][number] {
  return {
    name: 'Demo team Safe',
    address,
    owners: [1, 2, 3].map((index) => devAccount(accounts, index).address),
    threshold: 2,
  };
}

/**
 * Deploys the team Safe. Its address depends only on these owners, threshold and salt nonce (and the
 * canonical factory), so every devnet chain gets it at the same address.
 */
function createTeamSafe(clients: DevnetClients, accounts: DevAccount[]): Promise<Address> {
  return createSafe(clients, {
    sender: devAccount(accounts, 0).address,
    owners: [1, 2, 3].map((index) => devAccount(accounts, index).address),
    threshold: 1n,
    saltNonce: 1n,
  });
}

/** The team Safe starts as 1-of-3 (for its address); its first transaction raises the threshold to 2. */
async function raiseTeamThreshold(clients: DevnetClients, accounts: DevAccount[], team: Address) {
  const ownerA = devAccount(accounts, 1);
  await executeSafeTx(clients, {
    safe: team,
    executor: ownerA.address,
    approvals: [{ owner: ownerA, method: 'eip712' }],
    tx: { to: team, data: encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [2n] }) },
  });
}

/**
 * The seed of an extra devnet chain: only the team Safe, at the same address and with the same owners
 * and threshold as on the main chain, funded with ETH; its nonce is its own.
 */
export async function seedTeamSafeOnly(
  clients: DevnetClients,
  accounts: DevAccount[],
): Promise<DemoScenario> {
  const team = await createTeamSafe(clients, accounts);
  const hash = await clients.wallet.sendTransaction({
    account: devAccount(accounts, 0).address,
    to: team,
    value: parseEther('5'),
    chain: clients.chain,
  });
  await receiptOf(clients, hash);
  await raiseTeamThreshold(clients, accounts, team);
  return { safes: [teamSafeEntry(team, accounts)], modules: [] };
}

/**
 * Seeds the demo: a 2-of-3 Safe with a varied executed history and a 1-of-1 Safe, both funded, and a
 * 2-of-3 Safe 1.3.0 (outdated) with one payment.
 * History is spread over the last days so date grouping has something to show; the chain clock is
 * brought back to now at the end.
 */
export async function seedDemoScenario(
  clients: DevnetClients,
  accounts: DevAccount[],
  tokens: DeployedTokens,
): Promise<DemoScenario> {
  const account = (index: number) => devAccount(accounts, index);
  const deployer = account(0);
  const [ownerA, ownerB, ownerC] = [account(1), account(2), account(3)];
  const soloOwner = account(4);
  const tempOwner = account(5);
  const outsider = account(6);
  const moduleAccount = account(7);
  const recipient = account(8);
  const [dev, dusd] = tokens.erc20;
  if (!dev || !dusd) throw new Error('The demo needs two ERC20 tokens');
  const nft = tokens.erc721.address;

  const now = Math.floor(Date.now() / 1000);
  const latest = await clients.public.getBlock({ blockTag: 'latest' });
  let clock = Math.max(Number(latest.timestamp) + 1, now - 3 * day);
  const at = async (advance: number) => {
    clock += advance;
    await clients.test.setNextBlockTimestamp({ timestamp: BigInt(clock) });
  };
  const send = async (request: Parameters<DevnetClients['wallet']['writeContract']>[0]) => {
    const hash = await clients.wallet.writeContract(request);
    const receipt = await receiptOf(clients, hash);
    if (receipt.status !== 'success') throw new Error(`Seeding transaction ${hash} reverted`);
  };
  const sendEth = async (from: Address, to: Address, value: bigint) => {
    const hash = await clients.wallet.sendTransaction({ account: from, to, value, chain: clients.chain });
    await receiptOf(clients, hash);
  };
  const chain = clients.chain;
  const transferToken = (
    from: Address,
    token: { address: Address; decimals: number },
    to: Address,
    amount: string,
  ) =>
    send({
      account: from,
      chain,
      address: token.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, parseUnits(amount, token.decimals)],
    });

  // Day 1: both Safes are created and funded.
  await at(0);
  const team = await createTeamSafe(clients, accounts);
  const solo = await createSafe(clients, {
    sender: deployer.address,
    owners: [soloOwner.address],
    threshold: 1n,
    saltNonce: 2n,
  });
  for (const safe of [team, solo]) {
    await sendEth(deployer.address, safe, parseEther('10'));
    await transferToken(deployer.address, dev, safe, '5000');
    await transferToken(deployer.address, dusd, safe, '2500');
  }
  const mint = (to: Address, id: bigint) =>
    send({
      account: deployer.address,
      chain,
      address: nft,
      abi: mintAbi,
      functionName: 'mint',
      args: [to, id],
    });
  await mint(team, 1n);
  await mint(team, 2n);
  await mint(solo, 3n);
  await mint(solo, 4n);
  await mint(outsider.address, 5n);

  await at(600);
  await raiseTeamThreshold(clients, accounts, team);

  // Day 2: outgoing transfers, native and ERC20, signed in different ways.
  await at(day);
  await executeSafeTx(clients, {
    safe: team,
    executor: ownerB.address,
    approvals: [
      { owner: ownerA, method: 'eip712' },
      { owner: ownerB.address, method: 'sender' },
    ],
    tx: { to: recipient.address, value: parseEther('0.5') },
  });
  await at(900);
  await executeSafeTx(clients, {
    safe: team,
    executor: ownerC.address,
    approvals: [
      { owner: ownerA, method: 'eth_sign' },
      { owner: ownerC, method: 'eip712' },
    ],
    tx: {
      to: dev.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient.address, parseUnits('250', dev.decimals)],
      }),
    },
  });

  // Incoming transfers from someone who is not an owner: native, ERC20 and ERC721.
  await at(1800);
  await transferToken(deployer.address, dusd, outsider.address, '1000');
  await sendEth(outsider.address, team, parseEther('1.25'));
  await transferToken(outsider.address, dusd, team, '100');
  await send({
    account: outsider.address,
    chain,
    address: nft,
    abi: erc721Abi,
    functionName: 'safeTransferFrom',
    args: [outsider.address, team, 5n],
  });

  // Day 3: an owner is added, then removed again; a batch; a failed execution; a module.
  await at(day);
  const twoSigs = [
    { owner: ownerA, method: 'eip712' },
    { owner: ownerB, method: 'eip712' },
  ] as const;
  await executeSafeTx(clients, {
    safe: team,
    executor: ownerA.address,
    approvals: twoSigs,
    tx: {
      to: team,
      data: encodeFunctionData({
        abi: safeAbi,
        functionName: 'addOwnerWithThreshold',
        args: [tempOwner.address, 2n],
      }),
    },
  });
  await at(600);
  const owners = await clients.public.readContract({
    address: team,
    abi: safeAbi,
    functionName: 'getOwners',
  });
  const index = owners.findIndex((o) => o.toLowerCase() === tempOwner.address.toLowerCase());
  const prevOwner = index <= 0 ? sentinelAddress : (owners[index - 1] as Address);
  await executeSafeTx(clients, {
    safe: team,
    executor: ownerB.address,
    approvals: twoSigs,
    tx: {
      to: team,
      data: encodeFunctionData({
        abi: safeAbi,
        functionName: 'removeOwner',
        args: [prevOwner, tempOwner.address, 2n],
      }),
    },
  });
  await at(600);
  await executeSafeTx(clients, {
    safe: team,
    executor: ownerA.address,
    approvals: twoSigs,
    tx: {
      to: safe141.multiSendCallOnly,
      operation: Operation.DELEGATE,
      data: encodeMultiSend([
        { operation: Operation.CALL, to: recipient.address, value: parseEther('0.1'), data: '0x' },
        {
          operation: Operation.CALL,
          to: dusd.address,
          value: 0n,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [recipient.address, parseUnits('42', dusd.decimals)],
          }),
        },
      ]),
    },
  });
  await at(600);
  // Asks for more DEV than the Safe holds: with safeTxGas set, the inner call fails but the nonce is used.
  const failed = await executeSafeTx(clients, {
    safe: team,
    executor: ownerA.address,
    approvals: twoSigs,
    tx: {
      to: dev.address,
      safeTxGas: 100_000n,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient.address, parseUnits('1000000', dev.decimals)],
      }),
    },
  });
  if (failed.success) throw new Error('The failing demo transaction succeeded');
  await at(600);
  await executeSafeTx(clients, {
    safe: team,
    executor: ownerA.address,
    approvals: twoSigs,
    tx: {
      to: team,
      data: encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [moduleAccount.address] }),
    },
  });
  await at(600);
  await send({
    account: moduleAccount.address,
    chain,
    address: team,
    abi: safeAbi,
    functionName: 'execTransactionFromModule',
    args: [recipient.address, parseEther('0.05'), '0x', Operation.CALL],
  });

  // An outdated Safe for the health report and the upgrade: SafeL2 1.3.0 with its fallback handler.
  // Its owners are none the e2e tests sign in with to list their Safes (A, B, the solo owner).
  await at(600);
  const legacyOwners = [ownerC, tempOwner, account(9)];
  const legacy = await createSafe(clients, {
    sender: deployer.address,
    owners: legacyOwners.map((owner) => owner.address),
    threshold: 2n,
    saltNonce: 3n,
    deployment: safe130,
  });
  await sendEth(deployer.address, legacy, parseEther('2'));
  await at(600);
  await executeSafeTx(clients, {
    safe: legacy,
    executor: deployer.address,
    approvals: [
      { owner: ownerC, method: 'eip712' },
      { owner: tempOwner, method: 'eip712' },
    ],
    tx: { to: ownerC.address, value: parseEther('0.1') },
  });

  // The off-chain part (queued proposals, a half-signed message) goes through the gateway's API once it
  // runs: see seedOffchain.ts.

  // Back to wall-clock time, so that what happens next is stamped "now".
  await clients.test.setNextBlockTimestamp({ timestamp: BigInt(Math.max(now, clock + 1)) });
  await clients.test.mine({ blocks: 1 });

  return {
    safes: [
      teamSafeEntry(team, accounts),
      { name: 'Demo solo Safe', address: solo, owners: [soloOwner.address], threshold: 1 },
      {
        name: 'Legacy Safe',
        address: legacy,
        owners: legacyOwners.map((owner) => owner.address),
        threshold: 2,
      },
    ],
    modules: [{ safe: team, module: moduleAccount.address }],
  };
}

const mintAbi = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;
