import { Address, ButtonLink, Detail, DetailList, PlusIcon, Section, Stat, StatGrid } from '../../ui';
import { chainExplorer } from '../chains';
import { NestedSafesSection, OwnerSafeBadge } from '../nested-safes';
import { thresholdLabel, useSafe } from '../safe';
import { ContractAddress } from './ContractAddress';
import { VersionStateBadge, versionStateExplanation } from './VersionState';
import styles from './Settings.module.css';

/** Who owns the Safe, how many must sign, its nonce and its version, as SafeInfo holds them. */
export function SetupSection() {
  const { safe, chain, paths } = useSafe();
  const explorer = chainExplorer(chain);
  const owners = safe.owners.length;
  return (
    <div className={styles.section} data-testid="settings-setup">
      <StatGrid>
        <Stat label="Threshold" testId="settings-threshold">
          {thresholdLabel(safe)} owners
        </Stat>
        <Stat label="Nonce" testId="settings-nonce">
          {safe.nonce}
        </Stat>
        <Stat label="Version">
          <span data-testid="settings-version">{safe.version ?? 'Unknown'}</span>
          <VersionStateBadge state={safe.implementationVersionState} testId="settings-version-state" />
        </Stat>
      </StatGrid>

      <Section
        title={`Owners (${owners})`}
        id="settings-owners"
        actions={
          <>
            <ButtonLink
              to={paths.newTransactionOf('add-owner')}
              size="sm"
              icon={<PlusIcon />}
              data-testid="settings-add-owner"
            >
              Add owner
            </ButtonLink>
            {owners > 1 && (
              <ButtonLink
                to={paths.newTransactionOf('threshold')}
                size="sm"
                data-testid="settings-change-threshold"
              >
                Change threshold
              </ButtonLink>
            )}
          </>
        }
      >
        <p className={styles.muted}>
          {owners === 1
            ? 'Any transaction needs the confirmation of this owner. Changing the owners is a transaction like any other.'
            : `Any transaction needs the confirmations of ${safe.threshold} of these ${owners} owners. Changing them is a transaction the owners confirm like any other.`}
        </p>
        <ul className={styles.list} data-testid="settings-owners">
          {safe.owners.map((owner) => (
            <li key={owner.value} className={styles.item} data-testid="settings-owner">
              <Address
                address={owner.value}
                name={owner.name}
                full
                copy
                explorerUrl={explorer.address(owner.value)}
              />
              <OwnerSafeBadge owner={owner.value} />
              <span className={styles.itemActions}>
                <ButtonLink
                  to={paths.newTransactionOf('swap-owner', { owner: owner.value })}
                  size="sm"
                  variant="ghost"
                  data-testid="settings-replace-owner"
                >
                  Replace<span className="visually-hidden"> owner {owner.value}</span>
                </ButtonLink>
                {owners > 1 && (
                  <ButtonLink
                    to={paths.newTransactionOf('remove-owner', { owner: owner.value })}
                    size="sm"
                    variant="ghost"
                    data-testid="settings-remove-owner"
                  >
                    Remove<span className="visually-hidden"> owner {owner.value}</span>
                  </ButtonLink>
                )}
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <NestedSafesSection />

      <Section title="Contract" id="settings-contract">
        <DetailList>
          <Detail label="Version" testId="settings-version-detail">
            <span className={styles.stack}>
              <span className={styles.inline}>
                {safe.version ?? 'Unknown'}
                <VersionStateBadge state={safe.implementationVersionState} />
              </span>
              <span className={styles.hint}>
                {versionStateExplanation(safe.implementationVersionState, chain.recommendedMasterCopyVersion)}
              </span>
            </span>
          </Detail>
          <Detail label="Recommended version" testId="settings-recommended-version">
            {chain.recommendedMasterCopyVersion ?? 'None given by the chain'}
          </Detail>
          <Detail label="Implementation" testId="settings-implementation">
            <ContractAddress info={safe.implementation} chain={chain} />
          </Detail>
        </DetailList>
      </Section>
    </div>
  );
}
