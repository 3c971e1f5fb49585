import { err, ok, type Result } from '../../../lib/result';
import { readOtherToolLink, type OtherToolLink } from './otherTools';
import { parseSharedTxFragment, parseSharedTxJson, type SharedTx } from './sharedTx';

/** What a pasted link or an opened file holds: a transaction (and which tool wrote it), or one signature. */
export type Opened = OtherToolLink;

/**
 * What an owner pastes or opens: a link or file of ours, or a link of safe.wei, Eternal Safe or
 * localsafe. `chainIdOf` resolves a chain short name (Eternal Safe names chains so).
 */
export function parseSharedInput(
  text: string,
  chainIdOf: (shortName: string) => string | undefined = () => undefined,
): Result<Opened> {
  const trimmed = text.trim();
  const ours = (read: Result<SharedTx>): Result<Opened> =>
    read.ok ? ok({ kind: 'transaction', tool: 'Countersign', shared: read.value }) : read;
  if (trimmed === '') return err('Paste a link or the JSON of a shared transaction.');
  if (trimmed.startsWith('{')) return ours(parseSharedTxJson(trimmed));
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return err('It is neither a link nor JSON.');
  }
  const other = readOtherToolLink(url, chainIdOf);
  if (other !== undefined) return other;
  if (!url.hash) return err('The link holds no transaction (#tx=…).');
  return ours(parseSharedTxFragment(url.hash));
}
