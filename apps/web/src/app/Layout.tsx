import { Link, Outlet } from 'react-router';
import { ChainSelector } from '../features/chains/ChainSelector';

export function Layout() {
  return (
    <div className="app">
      <header className="app-header">
        <Link to="/" className="brand">
          Countersign
        </Link>
        <ChainSelector />
      </header>
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
