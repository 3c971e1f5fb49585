import { changesSafePages, syncOwnViewMark } from './ownViewMark';

/** localStorage that never throws: it is missing or refuses writes in some private modes. */
export function getLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readStoredString(key: string): string | null {
  try {
    return getLocalStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStoredString(key: string, value: string): void {
  try {
    getLocalStorage()?.setItem(key, value);
  } catch {
    // Storage full or disabled: the choice is simply not remembered.
  }
  if (changesSafePages(key)) syncOwnViewMark();
}

export function removeStoredString(key: string): void {
  try {
    getLocalStorage()?.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept to remove.
  }
  if (changesSafePages(key)) syncOwnViewMark();
}
