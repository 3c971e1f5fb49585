import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/tokens.css';
import './ui/base.css';
import { App } from './app/App';
import { startCachePersistence } from './app/queryClient';
import { createAppRouter } from './app/router';
import { seedChainsFromPage } from './features/chains';
import { readRuntimeConfig } from './lib/config';
import { appQueryClient } from './lib/queryClient';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const config = readRuntimeConfig();
if (config.ok) {
  startCachePersistence(appQueryClient, config.config.gatewayUrl);
  seedChainsFromPage(appQueryClient);
}
createRoot(container).render(
  <StrictMode>
    {config.ok ? <App router={createAppRouter()} /> : <ConfigErrorScreen message={config.message} />}
  </StrictMode>,
);
