import { useState, useSyncExternalStore, type FormEvent } from 'react';
import type { ChainInfo } from '@countersign/gateway-api';
import { Alert, Badge, Button, TextField } from '../../ui';
import {
  gatewayRpcUrlOf,
  MAX_OWNER_RPCS,
  operatorRpcUrlOf,
  ownerRpcs,
  setOwnerRpc,
  type OwnerRpc,
} from '../../lib/rpcSources';
import { isHttpUrl } from '../../lib/urls';
import { hostOf, sourceNames, useRpcSources } from './sources';
import styles from './ChainTrust.module.css';

/**
 * Reloads the page once the change's cookie is stored: the new page's policy must let the browser
 * reach a new RPC, and no read may stay on the old one.
 */
const reloadOnceStored = (stored: Promise<void>) => void stored.finally(() => window.location.reload());

function checkDraft(
  draft: string,
  chainId: string,
  owned: Readonly<Record<string, OwnerRpc>>,
): string | undefined {
  if (!isHttpUrl(draft)) return 'Enter the RPC’s http(s) URL.';
  const url = new URL(draft);
  if (url.username || url.password)
    return 'Put no user name or password in the URL: it is kept in this browser as written.';
  if (!(chainId in owned) && Object.keys(owned).length >= MAX_OWNER_RPCS)
    return `Your RPCs are set for ${MAX_OWNER_RPCS} chains already: remove one first.`;
  return undefined;
}

/**
 * Which RPC this chain is read through, and the owner's own: kept in this browser, checked to serve
 * this chain before it is used, removable to go back to the default.
 */
export function OwnerRpcSettings({ chain }: { chain: ChainInfo }) {
  const owned = useSyncExternalStore(ownerRpcs.subscribe, ownerRpcs.get, ownerRpcs.get);
  const mine = owned[chain.chainId];
  const sources = useRpcSources(chain);
  const used = sources[0] ?? { kind: 'gateway' as const, url: gatewayRpcUrlOf(chain) };
  const operator = operatorRpcUrlOf(chain.chainId);
  const [draft, setDraft] = useState(mine?.url ?? '');
  const [error, setError] = useState<string>();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const url = draft.trim();
    const problem = checkDraft(url, chain.chainId, owned);
    setError(problem);
    if (problem) return;
    reloadOnceStored(setOwnerRpc(chain.chainId, { url, state: 'pending' }));
  };

  return (
    <div className={styles.form} data-testid="owner-rpc">
      <p className={styles.row} data-testid="rpc-in-use">
        <Badge tone={used.kind === 'gateway' ? 'warn' : 'ok'} testId="rpc-in-use-source">
          {sourceNames[used.kind]}
        </Badge>
        <span>
          Every read of this chain goes to <span className={styles.host}>{hostOf(used.url)}</span>
          {used.kind === 'gateway'
            ? ': neither you nor the operator named an RPC, so the gateway’s is used.'
            : operator && used.kind === 'owner'
              ? `; the operator’s (${hostOf(operator)}) is asked too, and where the two disagree every page says so.`
              : '.'}
        </span>
      </p>
      {mine?.state === 'refused' && (
        <Alert tone="danger" title="Your RPC is not used" testId="owner-rpc-refused">
          {mine.reason}
        </Alert>
      )}
      {mine?.state === 'pending' && (
        <Alert tone="info" testId="owner-rpc-pending">
          Your RPC is checked when the page loads again.
        </Alert>
      )}
      <form className={styles.form} onSubmit={save} noValidate>
        <TextField
          label="Your RPC for this chain"
          hint="Kept in this browser only. Before it is used, it must answer this chain’s id. A provider’s key in the URL stays here, but the page names the host to this site’s server so that the browser may reach it."
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="https://"
          inputMode="url"
          mono
          error={error}
          testId="owner-rpc-url"
        />
        <div className={styles.row}>
          <Button type="submit" size="sm" data-testid="owner-rpc-save" variant="primary">
            Save and reload
          </Button>
          {mine && (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              data-testid="owner-rpc-remove"
              onClick={() => {
                reloadOnceStored(setOwnerRpc(chain.chainId, undefined));
              }}
            >
              Use the default again
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
