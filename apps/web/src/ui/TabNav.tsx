import { NavLink } from 'react-router';
import styles from './TabNav.module.css';

export type TabItem = { to: string; label: string; end?: boolean; onIntent?: () => void; testId?: string };

/** Sub-views of a page as links (each has its URL); the current one is marked with aria-current. */
export function TabNav({ label, items }: { label: string; items: TabItem[] }) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.end}
          className={styles.tab}
          onPointerEnter={item.onIntent}
          onFocus={item.onIntent}
          data-testid={item.testId}
        >
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
