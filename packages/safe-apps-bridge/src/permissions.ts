import type { Permission, PermissionRequest, RestrictedMethod } from './types';
import { restrictedMethods } from './types';

/** The restricted methods a request asks for, each once. */
export function requestedMethods(request: readonly PermissionRequest[]): RestrictedMethod[] {
  return restrictedMethods.filter((method) => request.some((entry) => Object.hasOwn(entry, method)));
}

/** `current` with a permission for each requested method (a grant already held keeps its date). */
export function grantPermissions(
  current: readonly Permission[],
  origin: string,
  request: readonly PermissionRequest[],
  now: number,
): Permission[] {
  const next = current.filter((permission) => permission.invoker === origin);
  for (const method of requestedMethods(request)) {
    if (next.some((permission) => permission.parentCapability === method)) continue;
    next.push({ invoker: origin, parentCapability: method, date: now, caveats: [] });
  }
  return next;
}

/** `current` without the permission for `method`. */
export function revokePermission(current: readonly Permission[], method: string): Permission[] {
  return current.filter((permission) => permission.parentCapability !== method);
}

/** What a restricted method lets an app do, in words for the user. */
export const restrictedMethodDescriptions: Record<RestrictedMethod, string> = {
  requestAddressBook: 'Read your address book (the names you gave to addresses)',
};
