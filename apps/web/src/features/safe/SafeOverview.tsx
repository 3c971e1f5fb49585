import type { AddressInfo } from '@countersign/gateway-api';
import { Address, Badge, DateTime, Detail, DetailList, Page, Section, Stat, StatGrid } from '../../ui';
import { chainExplorer } from '../chains';
import { useSafe } from './SafeContext';
import { tagDate, thresholdLabel, versionStateLabel } from './safeFormat';

/** Everything SafeInfo holds. Names come from the gateway: rendered as text only. */
export function SafeOverview() {
  const { safe, chain, address } = useSafe();
  const explorer = chainExplorer(chain);
  const info = (entry: AddressInfo, testId?: string) => (
    <Address
      address={entry.value}
      name={entry.name}
      copy
      explorerUrl={explorer.address(entry.value)}
      testId={testId}
    />
  );
  return (
    <Page
      title="Home"
      heading="Safe overview"
      description={
        <>
          <code data-testid="safe-address">{address}</code> on{' '}
          <span data-testid="safe-chain">{chain.chainName}</span>
        </>
      }
    >
      <StatGrid>
        <Stat label="Nonce" testId="safe-nonce">
          {safe.nonce}
        </Stat>
        <Stat label="Threshold" testId="safe-threshold">
          {thresholdLabel(safe)}
        </Stat>
        <Stat label="Version">
          <span data-testid="safe-version">{safe.version ?? 'Unknown'}</span>{' '}
          <Badge
            tone={
              safe.implementationVersionState === 'UP_TO_DATE'
                ? 'ok'
                : safe.implementationVersionState === 'OUTDATED'
                  ? 'warn'
                  : 'neutral'
            }
            testId="safe-version-state"
          >
            {versionStateLabel(safe.implementationVersionState)}
          </Badge>
        </Stat>
      </StatGrid>

      <Section title={`Owners (${safe.owners.length})`} id="owners">
        <ul className="plain-list" data-testid="safe-owners">
          {safe.owners.map((owner) => (
            <li key={owner.value} data-testid="safe-owner">
              {info(owner)}
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Contracts" id="contracts">
        <DetailList>
          <Detail label="Implementation" testId="safe-implementation">
            {info(safe.implementation)}
          </Detail>
          <Detail label="Modules" testId="safe-modules">
            {safe.modules === null || safe.modules.length === 0 ? (
              'None'
            ) : (
              <ul className="plain-list">
                {safe.modules.map((module) => (
                  <li key={module.value}>{info(module)}</li>
                ))}
              </ul>
            )}
          </Detail>
          <Detail label="Fallback handler" testId="safe-fallback-handler">
            {safe.fallbackHandler === null ? 'None' : info(safe.fallbackHandler)}
          </Detail>
          <Detail label="Guard" testId="safe-guard">
            {safe.guard === null ? 'None' : info(safe.guard)}
          </Detail>
        </DetailList>
      </Section>

      <Section title="Last changes" id="tags">
        <DetailList>
          <Detail label="Collectibles" testId="safe-tag-collectibles">
            <Tag tag={safe.collectiblesTag} />
          </Detail>
          <Detail label="Queued transactions" testId="safe-tag-tx-queued">
            <Tag tag={safe.txQueuedTag} />
          </Detail>
          <Detail label="Transaction history" testId="safe-tag-tx-history">
            <Tag tag={safe.txHistoryTag} />
          </Detail>
          <Detail label="Messages" testId="safe-tag-messages">
            <Tag tag={safe.messagesTag} />
          </Detail>
        </DetailList>
      </Section>
    </Page>
  );
}

function Tag({ tag }: { tag: string | null }) {
  const date = tagDate(tag);
  return date === null ? <>—</> : <DateTime value={date} />;
}
