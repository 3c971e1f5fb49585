/**
 * The gateway's log lines. `text` (the default) keeps the lines it always wrote, `gateway: …` on
 * stderr, and no line per request; `json` (LOG_FORMAT=json) writes one JSON object per line on
 * stdout, for a log collector: every request, and the gateway's own messages, with `time` and `level`.
 */
export type LogFormat = 'text' | 'json';

export type RequestLogFields = {
  method: string;
  /** The route's pattern (`/v1/chains/:chainId/safes/:safeAddress`), never the path itself. */
  route: string;
  status: number;
  durationMs: number;
};

export type GatewayLog = {
  readonly format: LogFormat;
  info(message: string): void;
  error(message: string, error?: unknown): void;
  /** One request answered; `error` when it failed unhandled (a 500, see errorResponse). */
  request(fields: RequestLogFields, error?: unknown): void;
};

function errorFields(error: unknown): Record<string, string> {
  if (error instanceof Error) return { error: `${error.name}: ${error.message}`, stack: error.stack ?? '' };
  return { error: String(error) };
}

export function gatewayLog(
  format: LogFormat = 'text',
  write: (line: string) => void = (line) => {
    process.stdout.write(line);
  },
): GatewayLog {
  const json = (level: 'info' | 'error', fields: Record<string, unknown>) =>
    write(`${JSON.stringify({ time: new Date().toISOString(), level, ...fields })}\n`);
  if (format === 'json') {
    return {
      format,
      info: (message) => json('info', { msg: message }),
      error: (message, error) =>
        json('error', { msg: message, ...(error === undefined ? {} : errorFields(error)) }),
      request: (fields, error) =>
        error === undefined
          ? json('info', { msg: 'request', ...fields })
          : json('error', { msg: 'request failed', ...fields, ...errorFields(error) }),
    };
  }
  return {
    format,
    info: (message) => console.error(`gateway: ${message}`),
    error: (message, error) =>
      error === undefined
        ? console.error(`gateway: ${message}`)
        : console.error(`gateway: ${message}`, error),
    // As before: requests are not logged in text; errorResponse logs an unhandled error itself.
    request: () => undefined,
  };
}
