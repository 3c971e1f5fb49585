import { parseAbi } from 'viem';

/** Common interfaces to start from: no ABI is fetched from anywhere. */
export const knownAbis: { name: string; abi: readonly unknown[] }[] = [
  {
    name: 'ERC-20 token',
    abi: parseAbi([
      'function transfer(address to, uint256 amount) returns (bool)',
      'function approve(address spender, uint256 amount) returns (bool)',
      'function transferFrom(address from, address to, uint256 amount) returns (bool)',
    ]),
  },
  {
    name: 'ERC-721 collection',
    abi: parseAbi([
      'function safeTransferFrom(address from, address to, uint256 tokenId)',
      'function transferFrom(address from, address to, uint256 tokenId)',
      'function approve(address to, uint256 tokenId)',
      'function setApprovalForAll(address operator, bool approved)',
    ]),
  },
  {
    name: 'Safe (owners and settings)',
    abi: parseAbi([
      'function addOwnerWithThreshold(address owner, uint256 _threshold)',
      'function removeOwner(address prevOwner, address owner, uint256 _threshold)',
      'function swapOwner(address prevOwner, address oldOwner, address newOwner)',
      'function changeThreshold(uint256 _threshold)',
      'function enableModule(address module)',
      'function disableModule(address prevModule, address module)',
      'function setGuard(address guard)',
      'function setFallbackHandler(address handler)',
    ]),
  },
];
