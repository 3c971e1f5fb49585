/** The Safe Apps protocol's shapes as the SDK (9.1.0) sends and expects them. */

export type Hex = `0x${string}`;

/** The SDK's methods (its `Methods` enum). */
export const methods = [
  'getSafeInfo',
  'getChainInfo',
  'getEnvironmentInfo',
  'getSafeBalances',
  'getTxBySafeTxHash',
  'rpcCall',
  'sendTransactions',
  'signMessage',
  'signTypedMessage',
  'getOffChainSignature',
  'requestAddressBook',
  'wallet_getPermissions',
  'wallet_requestPermissions',
] as const;
export type Method = (typeof methods)[number];

/** The methods an app may call only with the user's permission (the SDK's RestrictedMethods). */
export const restrictedMethods = ['requestAddressBook'] as const;
export type RestrictedMethod = (typeof restrictedMethods)[number];

/** A request as the SDK posts it: `{ id, method, params, env: { sdkVersion } }`. */
export type BridgeRequest = {
  id: string;
  method: string;
  params: unknown;
  env: { sdkVersion: string };
};

export type SuccessReply = { id: string; success: true; version: string; data: unknown };
export type ErrorReply = { id: string; success: false; version: string; error: string };
export type BridgeReply = SuccessReply | ErrorReply;

/** getSafeInfo's answer (SDK 9.1 fields, and Safe{Wallet}'s legacy `network`). */
export type AppSafeInfo = {
  safeAddress: string;
  chainId: number;
  owners: string[];
  threshold: number;
  isReadOnly: boolean;
  nonce: number;
  implementation: string;
  modules: string[] | null;
  fallbackHandler: string | null;
  guard: string | null;
  version: string | null;
  network?: string;
};

export type AppChainInfo = {
  chainName: string;
  chainId: string;
  shortName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number; logoUri: string };
  blockExplorerUriTemplate: { address: string; txHash: string; api: string };
};

export type AppEnvironmentInfo = { origin: string };

/** One call of a sendTransactions, read: value as a bigint, data as hex ('0x' when none). */
export type AppTransaction = { to: Hex; value: bigint; data: Hex };
export type SendTransactionsParams = { txs: AppTransaction[]; safeTxGas?: number };
export type SendTransactionsResult = { safeTxHash: string };

export type TypedDataField = { name: string; type: string };
export type AppTypedData = {
  domain: Record<string, unknown>;
  types: Record<string, TypedDataField[]>;
  message: Record<string, unknown>;
  /** Given by the app, or the one type no other type uses. */
  primaryType: string;
};

/** Off-chain: the SafeMessage hash (and the signature once the Safe has signed); on-chain: the safeTxHash. */
export type SignResult =
  { messageHash: string; signature?: string } | { safeTxHash: string; signature?: string };

export type RpcCallParams = { call: string; params: unknown[] };

/** safe_setSettings: what an app may change for itself. */
export type SafeSettings = { offChainSigning?: boolean };

export type PermissionCaveat = { type: string; value?: unknown; name?: string };
/** EIP-2255's permission, as the SDK reads it. */
export type Permission = {
  invoker: string;
  parentCapability: string;
  date?: number;
  caveats?: PermissionCaveat[];
};
export type PermissionRequest = { [M in RestrictedMethod]?: Record<string, unknown> };

export type AddressBookItem = { address: string; chainId: string; name: string };

/** What a handler knows of the request it answers. */
export type RequestContext = { id: string; method: Method; origin: string; sdkVersion: string };

type Answer<T> = T | Promise<T>;

/**
 * What the host supplies: one function per method, each given params already validated and read.
 * A handler answers with data, or throws (or rejects with) a BridgeError whose message the app
 * receives. getSafeInfo must answer synchronously from state already held.
 */
export type BridgeHandlers = {
  getSafeInfo: (ctx: RequestContext) => AppSafeInfo;
  getChainInfo: (ctx: RequestContext) => Answer<AppChainInfo>;
  getEnvironmentInfo: (ctx: RequestContext) => Answer<AppEnvironmentInfo>;
  getSafeBalances: (params: { currency: string }, ctx: RequestContext) => Answer<unknown>;
  getTxBySafeTxHash: (params: { safeTxHash: Hex }, ctx: RequestContext) => Answer<unknown>;
  /** Only methods of the read allowlist reach it. */
  rpcCall: (params: RpcCallParams, ctx: RequestContext) => Answer<unknown>;
  /** The rpcCall `safe_setSettings`: answers the app's settings as they are now. */
  setSettings: (settings: SafeSettings, ctx: RequestContext) => Answer<SafeSettings>;
  sendTransactions: (params: SendTransactionsParams, ctx: RequestContext) => Answer<SendTransactionsResult>;
  signMessage: (params: { message: string }, ctx: RequestContext) => Answer<SignResult>;
  signTypedMessage: (params: { typedData: AppTypedData }, ctx: RequestContext) => Answer<SignResult>;
  getOffChainSignature: (params: { messageHash: Hex }, ctx: RequestContext) => Answer<string>;
  /** Called only once the bridge has found the app's permission. */
  requestAddressBook: (ctx: RequestContext) => Answer<AddressBookItem[]>;
  /** The app's granted permissions (the bridge keeps only those of the app's origin). */
  getPermissions: (ctx: RequestContext) => Answer<Permission[]>;
  /** Asks the user; answers the app's permissions afterwards, or throws permissionsRejected(). */
  requestPermissions: (params: PermissionRequest[], ctx: RequestContext) => Answer<Permission[]>;
};
