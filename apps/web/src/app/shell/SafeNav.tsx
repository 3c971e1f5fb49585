import { Link, NavLink, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useGateway } from '../../lib/ServicesProvider';
import type { SafeNavItem } from '../../features/safe';
import type { SafePaths } from '../../features/safe';
import styles from './SafeNav.module.css';

/**
 * The Safe's views, each a real link with its own URL. The current page is marked
 * aria-current="page"; a section holding it (Transactions, for a transaction's page) "true".
 */
export function SafeNav({
  items,
  paths,
  target,
}: {
  items: SafeNavItem[];
  paths: SafePaths;
  target: { chainId: string; address: string };
}) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const gateway = useGateway();
  const preloadTarget = { ...target, queryClient, gateway };
  return (
    <nav aria-label="Safe navigation" className={styles.nav} data-testid="safe-nav">
      <ul className={styles.list}>
        {items.map((item) => {
          const to = item.to(paths);
          const section = item.section?.(paths) ?? to;
          const current = pathname === to;
          const inSection = current || pathname === section || pathname.startsWith(`${section}/`);
          const Icon = item.icon;
          const Badge = item.badge;
          const preload = item.preload && (() => item.preload?.(preloadTarget));
          return (
            <li key={item.id}>
              <Link
                to={to}
                className={`${styles.link} ${inSection ? styles.active : ''}`.trim()}
                aria-current={current ? 'page' : inSection ? 'true' : undefined}
                onPointerEnter={preload}
                onFocus={preload}
                data-testid={`nav-${item.id}`}
              >
                <Icon size={20} />
                <span>{item.label}</span>
                {Badge && <Badge />}
              </Link>
              {item.children && inSection && (
                <ul className={styles.sublist}>
                  {item.children.map((child) => {
                    const childTo = child.to(paths);
                    const childPreload = child.preload && (() => child.preload?.(preloadTarget));
                    return (
                      <li key={child.id}>
                        <NavLink
                          to={childTo}
                          end
                          className={styles.sublink}
                          onPointerEnter={childPreload}
                          onFocus={childPreload}
                          data-testid={`nav-${child.id}`}
                        >
                          {child.label}
                        </NavLink>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
