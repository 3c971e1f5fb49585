import { useLayoutEffect, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigationType } from 'react-router';
import { ChainSelector } from '../../features/chains';
import { WalletNotice, WalletSlot, WrongNetworkBanner } from '../../features/wallet';
import styles from './Layout.module.css';

/**
 * A new page opens at its top: after an action that navigates from far down a form (Sign and
 * propose, Sign and create), the new page's title is in view. Back and forward keep the browser's
 * own restoration; a change of query or hash on the same page does not move it.
 */
function useTopOfNewPage() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** The app header (brand, chain, wallet) and the wallet banners above every page. */
export function Layout() {
  useTopOfNewPage();
  return (
    <div className={styles.app}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <Link to="/" className={styles.brand}>
          <span className={styles.mark} aria-hidden="true" />
          <span className={styles.brandName}>Countersign</span>
        </Link>
        <div className={styles.controls}>
          <ChainSelector />
          <WalletSlot />
        </div>
      </header>
      <WrongNetworkBanner />
      <WalletNotice />
      <Outlet />
    </div>
  );
}

/** Pages outside a Safe: one centred column. */
export function PlainMain() {
  return (
    <PlainPage>
      <Outlet />
    </PlainPage>
  );
}

/** A page of the Safe route that cannot show the Safe (a wrong chain, no Safe): the same column. */
export function PlainPage({ children }: { children: ReactNode }) {
  return (
    <main id="main" className={styles.plain} tabIndex={-1}>
      {children}
    </main>
  );
}
