import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { Address } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import { IconButton, Loading, MenuIcon, SkeletonRows } from '../../ui';
import type { SafeNavItem } from '../../features/safe';
import { safePaths, useOptionalSafe } from '../../features/safe';
import { SafeCard, SafeCardSkeleton, SafeSummary } from './SafeCard';
import { SafeNav } from './SafeNav';
import styles from './SafeFrame.module.css';

/**
 * The frame of every Safe page: the Safe's card and navigation in a sidebar (a drawer behind a menu
 * button at 600 px wide or less), the page beside it.
 */
export function SafeFrame({
  navigation,
  pending,
  notice,
}: {
  navigation: SafeNavItem[];
  /** Set while SafeInfo loads: the frame and navigation show at once, the content as skeletons. */
  pending?: { chain: ChainInfo; address: Address; safeId: string };
  notice?: ReactNode;
}) {
  const safe = useOptionalSafe();
  const location = useLocation();
  // The drawer belongs to the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? location.pathname : null);
  const sidebar = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const chain = safe?.chain ?? pending?.chain;
  const address = safe?.address ?? pending?.address;
  const paths = chain && address ? safePaths(chain.shortName, address) : undefined;

  useEffect(() => {
    if (!menuOpen) return;
    sidebar.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className={styles.frame}>
      <div className={styles.mobileBar}>
        <IconButton
          ref={menuButton}
          label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="safe-sidebar"
          onClick={() => setMenuOpen(!menuOpen)}
          data-testid="menu-button"
          variant="secondary"
          size="md"
        >
          <MenuIcon size={20} />
        </IconButton>
        {safe ? <SafeSummary /> : null}
      </div>
      {menuOpen && <div className={styles.backdrop} onClick={() => setMenuOpen(false)} aria-hidden="true" />}
      <aside
        id="safe-sidebar"
        ref={sidebar}
        className={styles.sidebar}
        data-open={menuOpen}
        aria-label="Safe"
        data-testid="safe-sidebar"
      >
        {safe ? <SafeCard /> : <SafeCardSkeleton />}
        {paths && chain && address && (
          <SafeNav items={navigation} paths={paths} target={{ chainId: chain.chainId, address }} />
        )}
      </aside>
      <main id="main" className={styles.content} tabIndex={-1}>
        {notice}
        {safe ? (
          <Outlet />
        ) : (
          <Loading label="Loading Safe…">
            <SkeletonRows rows={6} />
          </Loading>
        )}
      </main>
    </div>
  );
}
