import type { MetadataNode } from './metadata';
import styles from './MetadataTree.module.css';

/** A metadata tree (see metadata.ts) as nested lists of text; links open in a new tab, without referrer. */
export function MetadataTree({ node, testId }: { node: MetadataNode; testId?: string }) {
  return (
    <div className={styles.tree} data-testid={testId}>
      <Node node={node} />
    </div>
  );
}

function Node({ node }: { node: MetadataNode }) {
  switch (node.kind) {
    case 'text':
      return (
        <span className={styles.text}>
          {node.text === '' ? <span className={styles.empty}>(empty)</span> : node.text}
        </span>
      );
    case 'link':
      return (
        <a className={styles.text} href={node.href} target="_blank" rel="noopener noreferrer">
          {node.text}
        </a>
      );
    case 'object':
      if (node.entries.length === 0) return <span className={styles.empty}>(no fields)</span>;
      return (
        <>
          <dl className={styles.object}>
            {node.entries.map(({ key, value }, index) => (
              <div key={`${index}:${key}`} className={styles.entry}>
                <dt className={styles.key}>{key}</dt>
                <dd
                  className={value.kind === 'object' || value.kind === 'list' ? styles.nested : styles.value}
                >
                  <Node node={value} />
                </dd>
              </div>
            ))}
          </dl>
          {node.more > 0 && <p className={styles.empty}>and {node.more} more fields not shown</p>}
        </>
      );
    case 'list':
      if (node.items.length === 0) return <span className={styles.empty}>(empty list)</span>;
      return (
        <ol className={styles.list}>
          {node.items.map((item, index) => (
            <li
              key={index}
              className={item.kind === 'object' || item.kind === 'list' ? styles.nested : styles.value}
            >
              <Node node={item} />
            </li>
          ))}
          {node.more > 0 && <li className={styles.empty}>and {node.more} more not shown</li>}
        </ol>
      );
  }
}
