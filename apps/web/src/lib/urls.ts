/** Whether `value` parses as a URL with one of `protocols` (written with their colon: 'https:'). */
export function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const isHttpUrl = (value: string) => hasProtocol(value, ['http:', 'https:']);
