import { BridgeError, bridgeErrors, permissionsRejected } from './errors';
import {
  SET_SETTINGS_CALL,
  isPlainObject,
  isReadRpcMethod,
  readGetOffChainSignature,
  readGetSafeBalances,
  readGetTxBySafeTxHash,
  readPermissionRequest,
  readRpcCall,
  readSendTransactions,
  readSettings,
  readSignMessage,
  readSignTypedMessage,
} from './params';
import {
  methods,
  type BridgeHandlers,
  type BridgeReply,
  type BridgeRequest,
  type Method,
  type Permission,
  type RequestContext,
} from './types';

/** The SDK version this host speaks; the SDK drops replies whose major version is below 1. */
export const HOST_SDK_VERSION = '9.1.0';

/** An id longer than this is not the SDK's (it sends 10 hex characters). */
const MAX_ID_LENGTH = 100;
const MAX_METHOD_LENGTH = 100;
/** Params nested deeper, or with more values than this, are refused before any handler sees them. */
const MAX_DEPTH = 32;
const MAX_NODES = 20_000;

/** What the transport needs of a message event (a DOM MessageEvent has it). */
export type IncomingMessage = { data: unknown; origin: string; source: unknown };
/** What the transport needs of the app's window (an iframe's contentWindow has it). */
export type AppWindow = { postMessage: (message: unknown, targetOrigin: string) => void };

export type BridgeOptions = {
  /** The app's origin (scheme, host and port): the only origin accepted and replied to. */
  appOrigin: string;
  /** The app's window, read at each message: the iframe's contentWindow (null while none). */
  getAppWindow: () => AppWindow | null | undefined;
  /** Listens to the host window's message events; returns the function that stops listening. */
  subscribe: (listener: (event: IncomingMessage) => void) => () => void;
  handlers: BridgeHandlers;
  /** The version sent in replies. */
  version?: string;
  /** Told of each handler failure that is not a BridgeError (for the console; the app gets a plain text). */
  onUnexpectedError?: (error: unknown, request: BridgeRequest) => void;
};

export type Bridge = {
  /** Stops listening; answers still pending are then dropped (the app's frame is gone). */
  dispose: () => void;
};

const knownMethods: ReadonlySet<string> = new Set(methods);
const isMethod = (value: string): value is Method => knownMethods.has(value);

/** The major version of an SDK version such as "9.1.0", as the SDK reads it (parseInt of the head). */
function majorVersion(version: string): number {
  return Number.parseInt(version.split('.')[0] ?? '', 10);
}

function ownValue(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/**
 * A message's data read as a request, or undefined when it is not a well-formed one: a plain object
 * with an id (a non-empty string), a method name, and env.sdkVersion whose major version is 1 or more.
 * Nothing here throws, whatever the data.
 */
export function readRequest(data: unknown): BridgeRequest | undefined {
  try {
    if (!isPlainObject(data)) return undefined;
    const id = ownValue(data, 'id');
    const method = ownValue(data, 'method');
    const env = ownValue(data, 'env');
    if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) return undefined;
    if (typeof method !== 'string' || method.length === 0 || method.length > MAX_METHOD_LENGTH)
      return undefined;
    if (!isPlainObject(env)) return undefined;
    const sdkVersion = ownValue(env, 'sdkVersion');
    if (typeof sdkVersion !== 'string' || sdkVersion.length > 50) return undefined;
    const major = majorVersion(sdkVersion);
    if (!Number.isFinite(major) || major < 1) return undefined;
    return { id, method, params: ownValue(data, 'params'), env: { sdkVersion } };
  } catch {
    return undefined;
  }
}

/**
 * Whether params are safe to read: no `__proto__` key anywhere, not nested beyond MAX_DEPTH, no more
 * than MAX_NODES values. Walked without recursion, so no payload can exhaust the stack.
 */
export function isSafeToRead(params: unknown): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value: params, depth: 0 }];
  let nodes = 0;
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, depth } = item;
    if (++nodes > MAX_NODES) return false;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_DEPTH) return false;
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    if (!isPlainObject(value)) return false;
    for (const key of Object.keys(value)) {
      if (key === '__proto__') return false;
      stack.push({ value: value[key], depth: depth + 1 });
    }
  }
  return true;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  (typeof value === 'object' || typeof value === 'function') &&
  value !== null &&
  typeof (value as { then?: unknown }).then === 'function';

const grantedFor = (origin: string, permissions: readonly Permission[]) =>
  permissions.filter(
    (permission) =>
      permission.invoker === origin &&
      !(permission.caveats ?? []).some((caveat) => caveat.type === 'userRestricted' && caveat.value === true),
  );

/**
 * Calls the method's handler with its params read; returns the handler's answer (synchronously when
 * the handler answers so, as getSafeInfo does), or throws a BridgeError.
 */
export function dispatch(handlers: BridgeHandlers, request: BridgeRequest, origin: string): unknown {
  const { method, params } = request;
  if (!isMethod(method)) throw new BridgeError(bridgeErrors.notImplemented(method));
  const ctx: RequestContext = { id: request.id, method, origin, sdkVersion: request.env.sdkVersion };
  if (!isSafeToRead(params))
    throw new BridgeError(
      bridgeErrors.invalidParams(method, 'the params are too large, too deep or carry a forbidden key'),
    );
  switch (method) {
    case 'getSafeInfo':
      return handlers.getSafeInfo(ctx);
    case 'getChainInfo':
      return handlers.getChainInfo(ctx);
    case 'getEnvironmentInfo':
      return handlers.getEnvironmentInfo(ctx);
    case 'getSafeBalances':
      return handlers.getSafeBalances(readGetSafeBalances(params), ctx);
    case 'getTxBySafeTxHash':
      return handlers.getTxBySafeTxHash(readGetTxBySafeTxHash(params), ctx);
    case 'rpcCall': {
      const call = readRpcCall(params);
      if (call.call === SET_SETTINGS_CALL) return handlers.setSettings(readSettings(call.params), ctx);
      if (!isReadRpcMethod(call.call)) throw new BridgeError(bridgeErrors.rpcNotAllowed(call.call));
      return handlers.rpcCall(call, ctx);
    }
    case 'sendTransactions':
      return handlers.sendTransactions(readSendTransactions(params), ctx);
    case 'signMessage':
      return handlers.signMessage(readSignMessage(params), ctx);
    case 'signTypedMessage':
      return handlers.signTypedMessage(readSignTypedMessage(params), ctx);
    case 'getOffChainSignature':
      return handlers.getOffChainSignature(readGetOffChainSignature(params), ctx);
    case 'requestAddressBook': {
      const check = (permissions: Permission[]) => {
        const allowed = grantedFor(origin, permissions).some(
          (permission) => permission.parentCapability === 'requestAddressBook',
        );
        if (!allowed) throw permissionsRejected();
        return handlers.requestAddressBook(ctx);
      };
      const permissions = handlers.getPermissions(ctx);
      return isThenable(permissions) ? Promise.resolve(permissions).then(check) : check(permissions);
    }
    case 'wallet_getPermissions': {
      const permissions = handlers.getPermissions(ctx);
      return isThenable(permissions)
        ? Promise.resolve(permissions).then((list) => grantedFor(origin, list))
        : grantedFor(origin, permissions);
    }
    case 'wallet_requestPermissions': {
      const requested = readPermissionRequest(params);
      const answer = handlers.requestPermissions(requested, ctx);
      return isThenable(answer)
        ? Promise.resolve(answer).then((list) => grantedFor(origin, list))
        : grantedFor(origin, answer);
    }
  }
}

const errorText = (error: unknown) => (error instanceof BridgeError ? error.message : bridgeErrors.internal);

/**
 * The host's side of the protocol: listens to the host window's messages, accepts only those whose
 * source is the app's window and origin the app's origin and that are well-formed requests (all
 * others are ignored, unanswered), and answers each accepted request exactly once, to the app's
 * window and origin only: `{id, success: true, version, data}` or `{id, success: false, version, error}`.
 */
export function createBridge(options: BridgeOptions): Bridge {
  const { appOrigin, getAppWindow, handlers, onUnexpectedError } = options;
  const version = options.version ?? HOST_SDK_VERSION;
  let disposed = false;

  const post = (reply: BridgeReply): void => {
    if (disposed) return;
    const target = getAppWindow();
    if (!target) return;
    try {
      target.postMessage(reply, appOrigin);
    } catch (error) {
      // Data that cannot be cloned: the app learns the request failed rather than waiting forever.
      if (!reply.success) return;
      onUnexpectedError?.(error, { id: reply.id, method: '', params: undefined, env: { sdkVersion: '' } });
      try {
        target.postMessage(
          { id: reply.id, success: false, version, error: bridgeErrors.internal },
          appOrigin,
        );
      } catch {
        // The window is gone.
      }
    }
  };

  const answer = (request: BridgeRequest): void => {
    let replied = false;
    const succeed = (data: unknown) => {
      if (replied) return;
      replied = true;
      post({ id: request.id, success: true, version, data });
    };
    const fail = (error: unknown) => {
      if (replied) return;
      replied = true;
      if (!(error instanceof BridgeError)) onUnexpectedError?.(error, request);
      post({ id: request.id, success: false, version, error: errorText(error) });
    };
    try {
      const result = dispatch(handlers, request, appOrigin);
      if (isThenable(result)) Promise.resolve(result).then(succeed, fail);
      else succeed(result);
    } catch (error) {
      fail(error);
    }
  };

  const listener = (event: IncomingMessage): void => {
    try {
      if (disposed) return;
      const appWindow = getAppWindow();
      if (!appWindow || event.source !== appWindow || event.origin !== appOrigin) return;
      const request = readRequest(event.data);
      if (request) answer(request);
    } catch {
      // Nothing an app sends may break the host.
    }
  };

  const unsubscribe = options.subscribe(listener);
  return {
    dispose: () => {
      disposed = true;
      unsubscribe();
    },
  };
}
