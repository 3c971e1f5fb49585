import type { AddressInfo, ChainInfo, SafeInfo } from '@countersign/gateway-api';
import { explorerAddressUrl } from '../chains/explorer';
import { checksummed, formatDateTime, tagDate, thresholdLabel, versionStateLabel } from './safeFormat';

/** Everything SafeInfo holds. Names come from the gateway: rendered as text only. */
export function SafeOverview({ safe, chain }: { safe: SafeInfo; chain: ChainInfo }) {
  const explorerUrl = explorerAddressUrl(chain.blockExplorerUriTemplate.address, safe.address.value);
  return (
    <div className="safe-overview">
      <header className="safe-heading">
        <h1>Safe</h1>
        <p className="safe-address">
          <code data-testid="safe-address">{checksummed(safe.address.value)}</code>
          {safe.address.name !== null && <span className="name">{safe.address.name}</span>}
        </p>
        <p className="muted">
          on <span data-testid="safe-chain">{chain.chainName}</span>
          {explorerUrl !== null && (
            <>
              {' · '}
              <a href={explorerUrl} target="_blank" rel="noopener noreferrer">
                View on explorer
              </a>
            </>
          )}
        </p>
      </header>

      <dl className="facts">
        <div>
          <dt>Nonce</dt>
          <dd data-testid="safe-nonce">{safe.nonce}</dd>
        </div>
        <div>
          <dt>Threshold</dt>
          <dd data-testid="safe-threshold">{thresholdLabel(safe)}</dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>
            <span data-testid="safe-version">{safe.version ?? 'Unknown'}</span>{' '}
            <span
              className={`badge badge-${safe.implementationVersionState.toLowerCase()}`}
              data-testid="safe-version-state"
            >
              {versionStateLabel(safe.implementationVersionState)}
            </span>
          </dd>
        </div>
      </dl>

      <section aria-labelledby="owners-heading">
        <h2 id="owners-heading">Owners ({safe.owners.length})</h2>
        <ul className="address-list" data-testid="safe-owners">
          {safe.owners.map((owner) => (
            <li key={owner.value} data-testid="safe-owner">
              <Address info={owner} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="contracts-heading">
        <h2 id="contracts-heading">Contracts</h2>
        <dl className="details">
          <dt>Implementation</dt>
          <dd data-testid="safe-implementation">
            <Address info={safe.implementation} />
          </dd>
          <dt>Modules</dt>
          <dd data-testid="safe-modules">
            {safe.modules === null || safe.modules.length === 0 ? (
              'None'
            ) : (
              <ul className="address-list">
                {safe.modules.map((module) => (
                  <li key={module.value}>
                    <Address info={module} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Fallback handler</dt>
          <dd data-testid="safe-fallback-handler">
            {safe.fallbackHandler === null ? 'None' : <Address info={safe.fallbackHandler} />}
          </dd>
          <dt>Guard</dt>
          <dd data-testid="safe-guard">{safe.guard === null ? 'None' : <Address info={safe.guard} />}</dd>
        </dl>
      </section>

      <section aria-labelledby="tags-heading">
        <h2 id="tags-heading">Last changes</h2>
        <dl className="details">
          <dt>Collectibles</dt>
          <dd data-testid="safe-tag-collectibles">
            <Tag tag={safe.collectiblesTag} />
          </dd>
          <dt>Queued transactions</dt>
          <dd data-testid="safe-tag-tx-queued">
            <Tag tag={safe.txQueuedTag} />
          </dd>
          <dt>Transaction history</dt>
          <dd data-testid="safe-tag-tx-history">
            <Tag tag={safe.txHistoryTag} />
          </dd>
          <dt>Messages</dt>
          <dd data-testid="safe-tag-messages">
            <Tag tag={safe.messagesTag} />
          </dd>
        </dl>
      </section>
    </div>
  );
}

function Address({ info }: { info: AddressInfo }) {
  return (
    <span className="address">
      {info.name !== null && <span className="name">{info.name}</span>}
      <code>{checksummed(info.value)}</code>
    </span>
  );
}

function Tag({ tag }: { tag: string | null }) {
  const date = tagDate(tag);
  if (date === null) return <>—</>;
  return <time dateTime={date.toISOString()}>{formatDateTime(date)}</time>;
}
