import { Link, Outlet } from 'react-router';
import { ChainSelector } from '../features/chains/ChainSelector';
import { WalletNotice, WrongNetworkBanner } from '../features/wallet/WalletBanners';
import { WalletSlot } from '../features/wallet/WalletSlot';

export function Layout() {
  return (
    <div className="app">
      <header className="app-header">
        <Link to="/" className="brand">
          Countersign
        </Link>
        <div className="header-controls">
          <ChainSelector />
          <WalletSlot />
        </div>
      </header>
      <WrongNetworkBanner />
      <WalletNotice />
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
