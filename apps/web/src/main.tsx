import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/tokens.css';
import './ui/base.css';
import { App } from './app/App';
import { startCachePersistence } from './app/queryClient';
import { createAppRouter, routerReady } from './app/router';
import { hydratePrerenderedData } from './app/prerenderedData';
import { seedChainsFromPage } from './features/chains';
import { readRuntimeConfig } from './lib/config';
import { appQueryClient } from './lib/queryClient';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const config = readRuntimeConfig();
const root = createRoot(container);
if (config.ok) {
  startCachePersistence(appQueryClient, config.config.gatewayUrl);
  seedChainsFromPage(appQueryClient);
  const prerendered = hydratePrerenderedData(appQueryClient);
  const router = createAppRouter();
  // A page the server rendered stays until the app's first render replaces it, which must then be
  // the page itself: not a frame of nothing while the view's code and loaders are still on their way.
  if (prerendered) await routerReady(router);
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
} else {
  root.render(
    <StrictMode>
      <ConfigErrorScreen message={config.message} />
    </StrictMode>,
  );
}
