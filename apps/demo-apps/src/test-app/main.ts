import '../shared/style.css';
import { byId, errorText, h, replace, toJson } from '../shared/dom';
import { connectSafe, withTimeout, type SafeConnection } from '../shared/safe';
import { steps } from './steps';

/**
 * The end-to-end test app. It connects to the Safe wallet framing it, runs every read on load, and
 * exposes `window.__testApp` for a test to read results and run the steps that need someone's answer
 * (a review, a prompt). Every step has a timeout of its own: the SDK never gives up waiting.
 */
export type StepResult = { ok: true; value: unknown; ms: number } | { ok: false; error: string; ms: number };

type TestApp = {
  /** Set once getSafeInfo answered (or failed: see `error`). */
  connected: boolean;
  /** Set once the reads run on load have all answered. */
  autoDone: boolean;
  error?: string;
  /** A getSafeInfo round trip once connected, in ms, as the app saw it. */
  getInfoMs?: number;
  results: Record<string, StepResult>;
  steps: string[];
  run(step: string, arg?: unknown, timeoutMs?: number): Promise<StepResult>;
};

declare global {
  interface Window {
    __testApp: TestApp;
  }
}

const READ_TIMEOUT_MS = 15_000;
const PROMPT_TIMEOUT_MS = 120_000;

const params = new URLSearchParams(location.search);
const rows = new Map<string, HTMLElement>();
let connection: SafeConnection | undefined;

const app: TestApp = {
  connected: false,
  autoDone: false,
  results: {},
  steps: Object.keys(steps),
  async run(name, arg, timeoutMs) {
    const step = steps[name];
    const started = performance.now();
    let result: StepResult;
    if (!step) result = { ok: false, error: `Unknown step ${name}`, ms: 0 };
    else if (!connection) result = { ok: false, error: app.error ?? 'Not connected', ms: 0 };
    else {
      try {
        const value = await withTimeout(
          step.run(connection, arg),
          timeoutMs ?? (step.auto ? READ_TIMEOUT_MS : PROMPT_TIMEOUT_MS),
          name,
        );
        // Plain JSON (bigints as decimal strings), as a test reads it across the frame.
        result = {
          ok: true,
          value: value === undefined ? null : JSON.parse(toJson(value, 0)),
          ms: performance.now() - started,
        };
      } catch (error) {
        result = { ok: false, error: errorText(error), ms: performance.now() - started };
      }
    }
    app.results[name] = result;
    show(name, result);
    return result;
  },
};
window.__testApp = app;

function show(name: string, result: StepResult) {
  const cell = rows.get(name);
  if (!cell) return;
  cell.dataset.state = result.ok ? 'ok' : 'error';
  replace(
    cell,
    h(
      'pre',
      { className: result.ok ? '' : 'error' },
      result.ok ? toJson(result.value) : `Error: ${result.error}`,
    ),
  );
}

replace(
  byId('steps'),
  ...Object.entries(steps).map(([name, step]) => {
    const cell = h(
      'td',
      { 'data-testid': `result-${name}`, 'data-state': 'idle' },
      step.auto ? 'runs on load' : '',
    );
    rows.set(name, cell);
    return h(
      'tr',
      {},
      h(
        'th',
        { scope: 'row' },
        h(
          'button',
          {
            type: 'button',
            className: 'secondary',
            'data-testid': `step-${name}`,
            onclick: () => void app.run(name),
          },
          name,
        ),
      ),
      cell,
    );
  }),
);

async function start() {
  const status = byId('status');
  try {
    connection = await connectSafe(10_000);
    const started = performance.now();
    await withTimeout(connection.sdk.safe.getInfo(), 10_000, 'getSafeInfo');
    app.getInfoMs = performance.now() - started;
    app.connected = true;
    status.textContent = `Connected to ${connection.safe.safeAddress} on chain ${connection.safe.chainId}.`;
  } catch (error) {
    app.error = errorText(error);
    app.connected = true;
    status.textContent = app.error;
    status.className = 'error';
    app.autoDone = true;
    return;
  }
  if (params.get('auto') !== '0') {
    for (const [name, step] of Object.entries(steps)) if (step.auto) await app.run(name);
  }
  app.autoDone = true;
  for (const name of (params.get('run') ?? '').split(',').filter(Boolean)) await app.run(name);
}

void start();
