import { benchDevnet } from './devnet';
import { benchGatewayAtScale } from './gatewayAtScale';
import { benchHistoryView } from './historyView';
import { benchSafeInfo } from './safeInfo';
import { benchStart } from './start';
import { benchWebBundle } from './webBundle';
import { benchTxFlow } from './txFlow';
import { benchSafeApps } from './safeApps';

/** `npm run bench`: prints figures; nothing here passes or fails. One benchmark at a time (2 cores). */
const benches: [string, () => Promise<string[]>][] = [
  ['devnet', () => benchDevnet()],
  ['start', () => benchStart()],
  ['web bundle', () => benchWebBundle()],
  ['SafeInfo', () => benchSafeInfo()],
  ['scale', () => benchGatewayAtScale()],
  ['history', () => benchHistoryView()],
  ['tx flow', () => benchTxFlow()],
  ['safe-apps', () => benchSafeApps()],
];
const only = process.argv.slice(2);
for (const [name, bench] of benches) {
  if (only.length > 0 && !only.includes(name.split(' ')[0]!)) continue;
  for (const line of await bench()) console.log(line);
}
