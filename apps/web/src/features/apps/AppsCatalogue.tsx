import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { SafeApp } from '@countersign/gateway-api';
import { AppsIcon, Button, EmptyState, SearchField, Skeleton } from '../../ui';
import { AppCard } from './AppCard';
import { viewCatalogue } from './catalogue';
import styles from './AppsCatalogue.module.css';

/** The catalogue with its search box and tag filter; `origin` decides which allow-listed apps show. */
export function AppsCatalogue({
  apps,
  chainName,
  origin,
}: {
  apps: readonly SafeApp[];
  chainName: string;
  origin: string;
}) {
  const tagsLabelId = useId();
  const [search, setSearch] = useState('');
  const [chosenTags, setChosenTags] = useState<ReadonlySet<string>>(new Set());
  // Typing stays responsive with a long catalogue: the cards follow a moment later.
  const deferredSearch = useDeferredValue(search);
  const view = useMemo(
    () => viewCatalogue(apps, { origin, search: deferredSearch, tags: chosenTags }),
    [apps, origin, deferredSearch, chosenTags],
  );
  const filtered = search.trim() !== '' || chosenTags.size > 0;
  const restricted = apps.length - view.allowed.length;

  const toggleTag = (tag: string) => {
    const next = new Set(chosenTags);
    if (next.has(tag)) next.delete(tag);
    else next.add(tag);
    setChosenTags(next);
  };
  const clearFilters = () => {
    setSearch('');
    setChosenTags(new Set());
  };

  if (view.allowed.length === 0)
    return (
      <EmptyState
        icon={<AppsIcon size={32} />}
        title="No Safe App can be offered here"
        testId="apps-restricted"
      >
        The gateway lists {apps.length === 1 ? '1 app' : `${apps.length} apps`} for {chainName}, but{' '}
        {apps.length === 1 ? 'it is' : 'they are'} restricted to other sites than{' '}
        <code className={styles.origin}>{origin}</code>.
      </EmptyState>
    );

  return (
    <div className={styles.catalogue}>
      <div className={styles.filters}>
        <SearchField
          label="Search apps"
          placeholder="Name, description or tag"
          value={search}
          onChange={setSearch}
          testId="apps-search"
        />
        {view.tags.length > 0 && (
          <div className={styles.tagFilter}>
            <span id={tagsLabelId} className={styles.tagLabel}>
              Tags
            </span>
            <div
              role="group"
              aria-labelledby={tagsLabelId}
              className={styles.tagChips}
              data-testid="tag-filter"
            >
              {view.tags.map(({ tag, count }) => (
                <button
                  key={tag}
                  type="button"
                  className={styles.chip}
                  aria-pressed={chosenTags.has(tag)}
                  onClick={() => toggleTag(tag)}
                  data-testid="tag-chip"
                  data-tag={tag}
                >
                  <span className={styles.chipText}>{tag}</span>
                  <span className={styles.chipCount}>{count}</span>
                </button>
              ))}
            </div>
          </div>
        )}
      </div>

      <div className={styles.status}>
        <p role="status" aria-live="polite" data-testid="apps-count">
          {filtered
            ? `${view.shown.length} of ${view.allowed.length} apps`
            : view.allowed.length === 1
              ? '1 app'
              : `${view.allowed.length} apps`}
        </p>
        {filtered && (
          <Button size="sm" variant="ghost" onClick={clearFilters} data-testid="clear-filters">
            Clear filters
          </Button>
        )}
      </div>

      {view.shown.length === 0 ? (
        <EmptyState
          icon={<AppsIcon size={32} />}
          title="No app matches"
          testId="apps-no-match"
          action={<Button onClick={clearFilters}>Clear filters</Button>}
        >
          {search.trim() !== '' && (
            <>
              Nothing has “<bdi className={styles.query}>{search.trim()}</bdi>” in its name, description or
              tags
              {chosenTags.size > 0 ? ' among the chosen tags' : ''}.
            </>
          )}
          {search.trim() === '' && 'No app carries the chosen tags.'}
        </EmptyState>
      ) : (
        <ul className={styles.grid} aria-label={`Safe Apps on ${chainName}`} data-testid="apps-grid">
          {view.shown.map((app) => (
            <li key={`${app.id}|${app.url}`} className={styles.item}>
              <AppCard app={app} />
            </li>
          ))}
        </ul>
      )}

      {restricted > 0 && (
        <p className={styles.restricted} data-testid="apps-restricted-note">
          {restricted === 1 ? '1 more app is' : `${restricted} more apps are`} listed for {chainName} but
          restricted to other sites.
        </p>
      )}
    </div>
  );
}

/** Placeholders of the catalogue's size: the filters, then a grid of cards. */
export function CatalogueSkeleton() {
  return (
    <div className={styles.catalogue}>
      <div className={styles.filters}>
        <Skeleton height="2.5rem" radius="var(--radius-md)" />
        <Skeleton height="2rem" width="70%" radius="var(--radius-pill)" />
      </div>
      <Skeleton height="2rem" width="6rem" />
      <div className={styles.grid}>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height="15rem" radius="var(--radius-lg)" />
        ))}
      </div>
    </div>
  );
}
