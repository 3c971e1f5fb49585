import { describe, expect, it } from 'vitest';
import { parseAbiJson } from '../../../lib/abiJson';
import { abiPresets } from './abiPresets';

const signaturesOf = (id: string) => {
  const preset = abiPresets.find((entry) => entry.id === id);
  if (preset === undefined) throw new Error(`no preset ${id}`);
  const parsed = parseAbiJson(preset.text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value.functions.map((fn) => fn.signature).sort();
};

describe('abiPresets', () => {
  it('are the write functions of each standard, readable as a pasted ABI', () => {
    expect(abiPresets.map((preset) => preset.label)).toEqual(['ERC-20', 'ERC-721', 'ERC-1155']);
    expect(signaturesOf('erc20')).toEqual([
      'approve(address,uint256)',
      'transfer(address,uint256)',
      'transferFrom(address,address,uint256)',
    ]);
    expect(signaturesOf('erc721')).toEqual([
      'approve(address,uint256)',
      'safeTransferFrom(address,address,uint256)',
      'safeTransferFrom(address,address,uint256,bytes)',
      'setApprovalForAll(address,bool)',
      'transferFrom(address,address,uint256)',
    ]);
    expect(signaturesOf('erc1155')).toEqual([
      'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
      'safeTransferFrom(address,address,uint256,uint256,bytes)',
      'setApprovalForAll(address,bool)',
    ]);
  });
});
