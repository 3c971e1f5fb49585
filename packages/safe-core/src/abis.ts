import { parseAbi } from 'viem';

export const safeAbi = parseAbi([
  'function setup(address[] _owners, uint256 _threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)',
  'function execTransactionFromModule(address to, uint256 value, bytes data, uint8 operation) returns (bool success)',
  'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)',
  'function approveHash(bytes32 hashToApprove)',
  'function approvedHashes(address owner, bytes32 hash) view returns (uint256)',
  'function checkSignatures(bytes32 dataHash, bytes data, bytes signatures) view',
  'function domainSeparator() view returns (bytes32)',
  'function getOwners() view returns (address[])',
  'function isOwner(address owner) view returns (bool)',
  'function getThreshold() view returns (uint256)',
  'function nonce() view returns (uint256)',
  'function VERSION() view returns (string)',
  'function getStorageAt(uint256 offset, uint256 length) view returns (bytes)',
  'function getModulesPaginated(address start, uint256 pageSize) view returns (address[] array, address next)',
  'function isModuleEnabled(address module) view returns (bool)',
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function removeOwner(address prevOwner, address owner, uint256 _threshold)',
  'function swapOwner(address prevOwner, address oldOwner, address newOwner)',
  'function changeThreshold(uint256 _threshold)',
  'function enableModule(address module)',
  'function disableModule(address prevModule, address module)',
  'function setGuard(address guard)',
  // Safe 1.5.0: the guard of module transactions.
  'function setModuleGuard(address moduleGuard)',
  'function setFallbackHandler(address handler)',
  'event SafeSetup(address indexed initiator, address[] owners, uint256 threshold, address initializer, address fallbackHandler)',
  'event SafeMultiSigTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures, bytes additionalInfo)',
  'event SafeModuleTransaction(address module, address to, uint256 value, bytes data, uint8 operation)',
  'event AddedOwner(address indexed owner)',
  'event RemovedOwner(address indexed owner)',
  'event ChangedThreshold(uint256 threshold)',
  'event EnabledModule(address indexed module)',
  'event DisabledModule(address indexed module)',
  'event ChangedGuard(address indexed guard)',
  'event ChangedModuleGuard(address indexed moduleGuard)',
  'event ChangedFallbackHandler(address indexed handler)',
  'event ApproveHash(bytes32 indexed approvedHash, address indexed owner)',
  'event SignMsg(bytes32 indexed msgHash)',
  'event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)',
  'event ExecutionFailure(bytes32 indexed txHash, uint256 payment)',
  'event SafeReceived(address indexed sender, uint256 value)',
  'event ExecutionFromModuleSuccess(address indexed module)',
  'event ExecutionFromModuleFailure(address indexed module)',
  // Safe 1.3.0 emits these without the indexed arguments 1.4.1 added: same names and selectors, so
  // parseEventLogs reads either version's logs (decodeEventLog takes the first, 1.4.1, shape only).
  'event AddedOwner(address owner)',
  'event RemovedOwner(address owner)',
  'event EnabledModule(address module)',
  'event DisabledModule(address module)',
  'event ChangedGuard(address guard)',
  'event ChangedFallbackHandler(address handler)',
  'event ExecutionSuccess(bytes32 txHash, uint256 payment)',
  'event ExecutionFailure(bytes32 txHash, uint256 payment)',
]);

export const safeProxyFactoryAbi = parseAbi([
  'function createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'function proxyCreationCode() pure returns (bytes)',
  'event ProxyCreation(address indexed proxy, address singleton)',
  // The 1.3.0 factory's, with nothing indexed (see safeAbi's 1.3.0 events).
  'event ProxyCreation(address proxy, address singleton)',
  // 1.5.0's L2 methods (createProxyWithNonceL2, createChainSpecificProxyWithNonceL2) emit these too,
  // after ProxyCreation, with what the proxy was set up with.
  'event ProxyCreationL2(address indexed proxy, address singleton, bytes initializer, uint256 saltNonce)',
  'event ChainSpecificProxyCreationL2(address indexed proxy, address singleton, bytes initializer, uint256 saltNonce, uint256 chainId)',
]);

/** SafeMigration 1.4.1: each method is meant to be delegatecalled by the Safe it upgrades. */
export const safeMigrationAbi = parseAbi([
  'function migrateSingleton()',
  'function migrateWithFallbackHandler()',
  'function migrateL2Singleton()',
  'function migrateL2WithFallbackHandler()',
  'event ChangedMasterCopy(address singleton)',
]);

export const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable']);

export const compatibilityFallbackHandlerAbi = parseAbi([
  'function isValidSignature(bytes32 _dataHash, bytes _signature) view returns (bytes4)',
  'function isValidSignature(bytes _data, bytes _signature) view returns (bytes4)',
  'function getMessageHash(bytes message) view returns (bytes32)',
]);
