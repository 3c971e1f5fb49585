import { erc1155Abi, erc20Abi, erc721Abi, type Abi, type AbiFunction } from 'viem';
import { abiText } from '../../address-book';

/**
 * The standard token interfaces the contract form can fill in, from viem's ABIs: only their
 * state-changing functions, as the form offers nothing else, written as the address book writes a
 * kept ABI.
 */
export type AbiPreset = { id: string; label: string; text: string };

const isWrite = (item: Abi[number]): item is AbiFunction =>
  item.type === 'function' && item.stateMutability !== 'view' && item.stateMutability !== 'pure';

const preset = (id: string, label: string, abi: Abi): AbiPreset => ({
  id,
  label,
  text: abiText(abi.filter(isWrite)),
});

export const abiPresets: readonly AbiPreset[] = [
  preset('erc20', 'ERC-20', erc20Abi),
  preset('erc721', 'ERC-721', erc721Abi),
  preset('erc1155', 'ERC-1155', erc1155Abi),
];
