import { memo, useId, useState } from 'react';
import type { SafeApp } from '@countersign/gateway-api';
import { AppsIcon, Badge, ButtonLink, ExternalIcon, RemoteImage } from '../../ui';
import { useSafe } from '../safe';
import { appHost, featureLabel, httpUrlOrUndefined, socialPlatformLabels, tagsOf } from './catalogue';
import styles from './AppCard.module.css';

/** A description longer than this is cut (the gateway's text is untrusted and may be huge). */
const MAX_DESCRIPTION = 1000;
/** Above this many characters the description is folded to three lines, with Show more. */
const FOLDED_FROM = 160;

/**
 * One Safe App of the catalogue. Everything on it comes from the gateway and is untrusted: text is
 * rendered as text, links only for http(s) URLs (to a new tab, without opener or referrer), the icon
 * only through an <img> that sends no referrer, with a fallback when it fails.
 */
export const AppCard = memo(function AppCard({ app }: { app: SafeApp }) {
  const nameId = useId();
  const descriptionId = useId();
  const [expanded, setExpanded] = useState(false);
  const { paths } = useSafe();
  const host = appHost(app.url);
  const tags = tagsOf(app);
  const description =
    app.description.length > MAX_DESCRIPTION
      ? `${app.description.slice(0, MAX_DESCRIPTION)}…`
      : app.description;
  const foldable = description.length > FOLDED_FROM;
  const links = appLinks(app);

  return (
    <article className={styles.card} aria-labelledby={nameId} data-testid="safe-app">
      <header className={styles.header}>
        <span className={styles.icon}>
          <RemoteImage src={app.iconUrl} size={48} fallback={<AppsIcon size={28} />} testId="app-icon" />
        </span>
        <div className={styles.titles}>
          <h3 id={nameId} className={styles.name} data-testid="app-name">
            {app.name}
          </h3>
          {host !== undefined && (
            <p className={styles.host} data-testid="app-host">
              {host}
            </p>
          )}
        </div>
        {app.featured === true && (
          <Badge tone="accent" testId="app-featured">
            Featured
          </Badge>
        )}
      </header>

      {description !== '' && (
        <div className={styles.about}>
          <p
            id={descriptionId}
            className={foldable && !expanded ? `${styles.description} ${styles.folded}` : styles.description}
            data-testid="app-description"
          >
            {description}
          </p>
          {foldable && (
            <button
              type="button"
              className={styles.more}
              aria-expanded={expanded}
              aria-controls={descriptionId}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? 'Show less' : 'Show more'}
            </button>
          )}
        </div>
      )}

      {(tags.length > 0 || app.features.length > 0) && (
        <div className={styles.labels}>
          {app.features.length > 0 && (
            <ul className={styles.chips} aria-label="Features" data-testid="app-features">
              {app.features.map((feature) => (
                <li key={feature}>
                  <Badge tone={feature === 'BATCHED_TRANSACTIONS' ? 'ok' : 'neutral'}>
                    {featureLabel(feature)}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
          {tags.length > 0 && (
            <ul className={styles.chips} aria-label="Tags" data-testid="app-tags">
              {tags.map((tag) => (
                <li key={tag} className={styles.tag}>
                  {tag}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <footer className={styles.footer}>
        {(app.provider !== null || links.length > 0) && (
          <ul className={styles.links} aria-label="Links" data-testid="app-links">
            {app.provider !== null && (
              <li className={styles.provider} data-testid="app-provider">
                By <ExternalText text={app.provider.name} url={httpUrlOrUndefined(app.provider.url)} />
              </li>
            )}
            {links.map((link) => (
              <li key={`${link.label}|${link.url}`}>
                <ExternalText text={link.label} url={link.url} />
              </li>
            ))}
          </ul>
        )}
        <div className={styles.open}>
          {httpUrlOrUndefined(app.url) !== undefined ? (
            <ButtonLink
              to={paths.openApp(app.url)}
              size="sm"
              variant="primary"
              aria-label={`Open ${app.name}`}
              data-testid="app-open"
            >
              Open
            </ButtonLink>
          ) : (
            <p className={styles.note}>This app’s address is not http(s): it cannot be opened.</p>
          )}
        </div>
      </footer>
    </article>
  );
});

/** The developer's website and the app's social profiles that are http(s) links; others are left out. */
function appLinks(app: SafeApp): { label: string; url: string }[] {
  const links: { label: string; url: string }[] = [];
  const website = httpUrlOrUndefined(app.developerWebsite);
  if (website !== undefined) links.push({ label: 'Website', url: website });
  for (const profile of app.socialProfiles) {
    const url = httpUrlOrUndefined(profile.url);
    if (url !== undefined) links.push({ label: socialPlatformLabels[profile.platform], url });
  }
  return links;
}

/** A link to a page outside Countersign, or plain text when the URL is not http(s). */
function ExternalText({ text, url }: { text: string; url: string | undefined }) {
  if (url === undefined) return <span className={styles.linkText}>{text}</span>;
  return (
    <a className={styles.link} href={url} target="_blank" rel="noopener noreferrer">
      <span className={styles.linkText}>{text}</span>
      <ExternalIcon size={14} />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
