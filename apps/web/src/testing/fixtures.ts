import type { Address } from 'viem';
import type { ChainInfo, SafeInfo } from '@countersign/gateway-api';
// The module itself, not the feature's index: the web server's tests read these fixtures too.
import type { ChainSafeState } from '../features/safe/chainState';

/** Values in the gateway's shapes for component tests (the e2e tests use the real devnet). */
export const devnetChain: ChainInfo = {
  chainId: '1337',
  chainName: 'Countersign Devnet',
  description: 'A local devnet',
  chainLogoUri: null,
  l2: true,
  isTestnet: true,
  zk: false,
  shortName: 'local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: null },
  transactionService: 'http://127.0.0.1:9',
  blockExplorerUriTemplate: {
    address: 'http://127.0.0.1:5173/explorer/address/{{address}}',
    txHash: 'http://127.0.0.1:5173/explorer/tx/{{txHash}}',
    api: 'http://127.0.0.1:9/api',
  },
  disabledWallets: [],
  ensRegistryAddress: null,
  balancesProvider: { chainName: null, enabled: true },
  features: ['EIP1559', 'SAFE_APPS'],
  gasPrice: [],
  rpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:8545' },
  safeAppsRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:8545' },
  publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:8545' },
  theme: { textColor: '#fff', backgroundColor: '#000' },
  recommendedMasterCopyVersion: '1.4.1',
};

const info = (value: string, name: string | null = null) => ({ value, name, logoUri: null });

export const teamSafeAddress = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';

export const teamSafe: SafeInfo = {
  address: info(teamSafeAddress),
  chainId: '1337',
  nonce: 8,
  threshold: 2,
  owners: [
    info('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'),
    info('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'),
    info('0x90F79bf6EB2c4f870365E785982E1f101E93b906'),
  ],
  implementation: info('0x29fcB43b46531BcA003ddC8FCB67FFE91900C762', 'SafeL2 1.4.1'),
  implementationVersionState: 'UP_TO_DATE',
  modules: null,
  fallbackHandler: info('0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99', 'CompatibilityFallbackHandler 1.4.1'),
  guard: null,
  version: '1.4.1',
  collectiblesTag: '1700000000',
  txQueuedTag: null,
  txHistoryTag: '1700000000',
  messagesTag: null,
};

/** The team Safe as its contract answers (what readChainSafeState reads on the devnet). */
export const teamSafeChainState: ChainSafeState = {
  owners: teamSafe.owners.map((owner) => owner.value as Address),
  threshold: teamSafe.threshold,
  nonce: teamSafe.nonce,
  version: '1.4.1',
  modules: [],
  guard: null,
  moduleGuard: null,
  implementation: teamSafe.implementation.value as Address,
  fallbackHandler: teamSafe.fallbackHandler?.value as Address,
};
