import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { ChainSelector } from '../../features/chains';
import { WalletNotice, WalletSlot, WrongNetworkBanner } from '../../features/wallet';
import styles from './Layout.module.css';

/** The app header (brand, chain, wallet) and the wallet banners above every page. */
export function Layout() {
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
    <main id="main" className={styles.plain} tabIndex={-1}>
      <Outlet />
    </main>
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
