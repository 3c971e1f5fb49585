// The host side of the Safe Apps protocol, framework-free: the transport (source window, origin and
// shape checks; replies to the app's origin only), the params' validation, and the typed handler map
// the host supplies.
export * from './errors';
export * from './types';
export {
  MAX_RPC_PARAMS,
  MAX_TRANSACTIONS,
  SET_SETTINGS_CALL,
  findPrimaryType,
  isPlainObject,
  isReadRpcMethod,
  readRpcMethods,
} from './params';
export * from './permissions';
export {
  HOST_SDK_VERSION,
  createBridge,
  dispatch,
  isSafeToRead,
  readRequest,
  type AppWindow,
  type Bridge,
  type BridgeOptions,
  type IncomingMessage,
} from './transport';
