import { getAddress, type Abi, type Address, type Hex } from 'viem';
import { receiptOf, type DevnetClients } from './clients';

/** Deploys a compiled contract from `deployer` and waits for it: the new contract's address. */
export async function deployArtifact(
  clients: DevnetClients,
  deployer: Address,
  artifact: { abi: Abi; bytecode: Hex },
  args: readonly unknown[] = [],
): Promise<Address> {
  const hash = await clients.wallet.deployContract({
    account: deployer,
    chain: clients.chain,
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args,
  });
  const receipt = await receiptOf(clients, hash);
  if (!receipt.contractAddress) throw new Error(`the contract was not deployed (transaction ${hash})`);
  return getAddress(receipt.contractAddress);
}
