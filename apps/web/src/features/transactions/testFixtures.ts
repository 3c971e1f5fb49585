import type {
  AddressInfo,
  CreationTxInfo,
  SettingsInfo,
  TransactionItem,
  TransactionSummary,
  TransferInfo,
  TxInfo,
} from '@countersign/gateway-api';

/** Transactions in the gateway's shapes (as the client reads them), for this feature's tests. */
export const safeAddress = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
export const ownerA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const ownerB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
export const ownerC = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
export const recipient = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f';
export const outsider = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
export const tokenAddress = '0x610178dA211FEF7D417bC0e6FeD39F05609AD788';

export const info = (value: string, name: string | null = null): AddressInfo => ({
  value,
  name,
  logoUri: null,
});

export const transfer = (
  transferInfo: TransferInfo,
  direction: 'INCOMING' | 'OUTGOING' | 'UNKNOWN' = 'OUTGOING',
): TxInfo => ({
  type: 'Transfer',
  sender: info(direction === 'INCOMING' ? outsider : safeAddress),
  recipient: info(direction === 'INCOMING' ? safeAddress : recipient),
  direction,
  transferInfo,
  humanDescription: null,
});

export const native = (value: string | null): TransferInfo => ({ type: 'NATIVE_COIN', value });

export const erc20 = (
  value: string,
  overrides: Partial<Extract<TransferInfo, { type: 'ERC20' }>> = {},
): TransferInfo => ({
  type: 'ERC20',
  tokenAddress,
  value,
  tokenName: 'Countersign Dev Token',
  tokenSymbol: 'DEV',
  logoUri: null,
  decimals: 18,
  trusted: true,
  imitation: false,
  ...overrides,
});

export const erc721 = (tokenId: string): TransferInfo => ({
  type: 'ERC721',
  tokenAddress: '0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0',
  tokenId,
  tokenName: 'Countersign Collectibles',
  tokenSymbol: 'CSC',
  logoUri: null,
  trusted: true,
});

export const settings = (settingsInfo: SettingsInfo | null, method = 'changeThreshold'): TxInfo => ({
  type: 'SettingsChange',
  dataDecoded: { method, parameters: [] },
  settingsInfo,
  humanDescription: null,
});

export const custom = (overrides: Partial<Extract<TxInfo, { type: 'Custom' }>> = {}): TxInfo => ({
  type: 'Custom',
  to: info('0x9641d764fc13c8B624c04430C7356C1C7C8102e2', 'MultiSendCallOnly 1.4.1'),
  dataSize: '324',
  value: '0',
  isCancellation: false,
  methodName: null,
  actionCount: null,
  humanDescription: null,
  ...overrides,
});

export const creation: CreationTxInfo = {
  type: 'Creation',
  creator: info('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'),
  transactionHash: `0x${'7a'.repeat(32)}`,
  implementation: info('0x29fcB43b46531BcA003ddC8FCB67FFE91900C762', 'SafeL2 1.4.1'),
  factory: info('0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67', 'SafeProxyFactory 1.4.1'),
  saltNonce: null,
  humanDescription: null,
};

export const unknownKind = (
  originalType: string,
  raw: Record<string, unknown> = {},
  humanDescription: string | null = null,
): TxInfo => ({
  type: 'Unknown',
  originalType,
  humanDescription,
  raw: { type: originalType, ...raw },
});

let counter = 0;

/** A queued multisig transaction at `nonce`. */
export function queued(
  nonce: number,
  conflictType: TransactionItem['conflictType'] = 'None',
  overrides: Partial<TransactionSummary> = {},
): TransactionItem {
  counter += 1;
  return {
    type: 'TRANSACTION',
    conflictType,
    transaction: {
      id: `multisig_${safeAddress}_0x${counter.toString(16).padStart(64, '0')}`,
      timestamp: 1_700_000_000_000 + counter,
      txStatus: 'AWAITING_CONFIRMATIONS',
      txInfo: transfer(native('300000000000000000')),
      executionInfo: {
        type: 'MULTISIG',
        nonce,
        confirmationsRequired: 2,
        confirmationsSubmitted: 1,
        missingSigners: [info(ownerB), info(ownerC)],
      },
      safeAppInfo: null,
      txHash: null,
      note: null,
      ...overrides,
    },
  };
}

/** An executed history item. */
export function executed(txInfo: TxInfo, overrides: Partial<TransactionSummary> = {}): TransactionItem {
  counter += 1;
  return {
    type: 'TRANSACTION',
    conflictType: 'None',
    transaction: {
      id: `multisig_${safeAddress}_0x${counter.toString(16).padStart(64, '0')}`,
      timestamp: Date.UTC(2026, 4, 1, 12, 0, 0),
      txStatus: 'SUCCESS',
      txInfo,
      executionInfo: {
        type: 'MULTISIG',
        nonce: counter,
        confirmationsRequired: 2,
        confirmationsSubmitted: 2,
        missingSigners: null,
      },
      safeAppInfo: null,
      txHash: `0x${counter.toString(16).padStart(64, 'a')}`,
      note: null,
      ...overrides,
    },
  };
}
