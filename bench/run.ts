import { benchAbuse } from './abuse';
import { benchCatchUp } from './catchUp';
import { benchDapps } from './dapps';
import { benchDevnet } from './devnet';
import { benchNestedSafes } from './nestedSafes';
import { benchNonL2 } from './nonL2';
import { benchGatewayAtScale } from './gatewayAtScale';
import { benchHistoryView } from './historyView';
import { benchReplicas } from './replicas';
import { benchSafeInfo } from './safeInfo';
import { benchStateChanges } from './stateChanges';
import { benchStart } from './start';
import { benchStarts } from './starts';
import { benchWebBundle } from './webBundle';
import { benchWebVersus } from './webVersus';
import { benchTxFlow } from './txFlow';
import { benchSafeApps } from './safeApps';

/** `npm run bench`: prints figures; nothing here passes or fails. One benchmark at a time (2 cores). */
const benches: [string, () => Promise<string[]>][] = [
  ['devnet', () => benchDevnet()],
  ['start', () => benchStart()],
  ['web bundle', () => benchWebBundle()],
  ['web side by side', () => benchWebVersus()],
  ['SafeInfo', () => benchSafeInfo()],
  ['scale', () => benchGatewayAtScale()],
  ['catch-up', () => benchCatchUp()],
  ['non-L2', () => benchNonL2()],
  ['replicas', () => benchReplicas()],
  ['history', () => benchHistoryView()],
  ['tx flow', () => benchTxFlow()],
  ['nested', () => benchNestedSafes()],
  ['safe-apps', () => benchSafeApps()],
  ['dapps', () => benchDapps()],
  ['state', () => benchStateChanges()],
  ['abuse', () => benchAbuse()],
];
/** Run only when named (`npm run bench -- starts`): minutes of starts, a stress test more than a figure. */
const onRequest: [string, () => Promise<string[]>][] = [['starts', () => benchStarts()]];
const only = process.argv.slice(2);
for (const [name, bench] of [...benches, ...onRequest]) {
  // By its first word (`web` runs both web benchmarks) or its whole name with dashes (`web-side-by-side`).
  const named = only.includes(name.split(' ')[0]!) || only.includes(name.replaceAll(' ', '-'));
  if (only.length > 0 ? !named : onRequest.some(([request]) => request === name)) continue;
  for (const line of await bench()) console.log(line);
}

// Whatever a benchmark left open (a child process, a socket) would keep this process alive after
// its last figure: it is named, so the leak gets fixed, and the run ends anyway.
setTimeout(() => {
  const open = (process as unknown as { _getActiveHandles(): object[] })
    ._getActiveHandles()
    .map((handle) => handle.constructor.name)
    .filter((name) => !['WriteStream', 'ReadStream', 'TTY'].includes(name));
  console.log(`bench: still open after the last figure (${open.join(', ') || 'timers'}); exiting`);
  process.exit(0);
}, 3000).unref();
