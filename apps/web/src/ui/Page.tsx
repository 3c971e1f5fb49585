import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';
import styles from './Page.module.css';

const APP_NAME = 'Countersign';

/** Added to every page title below it (the open Safe's name or short id). */
const TitleSuffixContext = createContext<string | undefined>(undefined);

export function TitleSuffix({ value, children }: { value: string; children: ReactNode }) {
  return <TitleSuffixContext.Provider value={value}>{children}</TitleSuffixContext.Provider>;
}

/** The document title for a page: "Assets · Team Safe · Countersign". */
export function useDocumentTitle(title: string): string {
  const suffix = useContext(TitleSuffixContext);
  return [title, suffix, APP_NAME].filter(Boolean).join(' · ');
}

/**
 * Where a server render keeps the page's title, for the page's <head> (src/app/prerender.tsx). The
 * outermost title is the page's, as in the browser, where a parent's effect runs after its child's.
 */
export type TitleSink = { title?: string };
const TitleSinkContext = createContext<TitleSink | undefined>(undefined);

export function TitleSinkProvider({ sink, children }: { sink: TitleSink; children: ReactNode }) {
  return <TitleSinkContext.Provider value={sink}>{children}</TitleSinkContext.Provider>;
}

/** Sets the document title: before the page paints in the browser, into the sink on the server. */
export function DocumentTitle({ title }: { title: string }) {
  const text = useDocumentTitle(title);
  const sink = useContext(TitleSinkContext);
  if (sink !== undefined) sink.title ??= text;
  useLayoutEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}

/** A page: its document title, heading, optional description and actions, then its content. */
export function Page({
  title,
  heading,
  description,
  actions,
  children,
  testId,
}: {
  title: string;
  /** Visible heading; the title when left out. */
  heading?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section className={styles.page} data-testid={testId}>
      <DocumentTitle title={title} />
      <header className={styles.header}>
        <div className={styles.titles}>
          <h1>{heading ?? title}</h1>
          {description !== undefined && <p className={styles.description}>{description}</p>}
        </div>
        {actions !== undefined && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** A titled block of a page. */
export function Section({
  title,
  actions,
  children,
  testId,
  id,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  id?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid={testId}>
      <header className={styles.sectionHeader}>
        <h2 id={headingId}>{title}</h2>
        {actions !== undefined && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** A raised panel. */
export function Card({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={`${styles.card} ${className ?? ''}`} data-testid={testId}>
      {children}
    </div>
  );
}
