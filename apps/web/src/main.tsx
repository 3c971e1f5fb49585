import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/tokens.css';
import './ui/base.css';
import { App } from './app/App';
import { afterFirstFrame } from './app/firstFrame';
import { startCachePersistence } from './app/queryClient';
import { createAppRouter, routerReady } from './app/router';
import { seedChainsFromPage, setConfiguredChains } from './features/chains';
import { readRuntimeConfig, type RuntimeConfig } from './lib/config';
import { syncOwnViewMark } from './lib/ownViewMark';
import { checkPendingOwnerRpcs, setOperatorRpcUrls } from './lib/rpcSources';
import { createAppServices } from './lib/services';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const config = readRuntimeConfig();
const root = createRoot(container);
// Only a page the server rendered has anything in #root; the code that takes its data is loaded for
// such pages alone (the server preloads it with them).
const serverRendered = container.hasChildNodes();

function startApp(config: RuntimeConfig) {
  // The composition root: the one set of services this page's app is given.
  const services = createAppServices(config);
  const { queryClient } = services;
  startCachePersistence(queryClient, config.gatewayUrl);
  seedChainsFromPage(queryClient);
  setOperatorRpcUrls(config.rpcUrls);
  setConfiguredChains(config.chains);
  // For the next load's request: whatever this browser keeps now, set by any version of the app.
  syncOwnViewMark(true);
  const start = (prerendered: boolean) => {
    const router = createAppRouter(services);
    const render = () =>
      root.render(
        <StrictMode>
          <App router={router} services={services} />
        </StrictMode>,
      );
    // A page the server rendered stays until the app's first render replaces it, which must then be
    // the page itself: not a frame of nothing while the view's code and loaders are on their way.
    if (prerendered) void routerReady(router).then(render);
    else render();
  };
  const begin = () => {
    if (serverRendered) {
      import('./app/prerenderedData').then(
        ({ hydratePrerenderedData }) => start(hydratePrerenderedData(queryClient)),
        () => start(false),
      );
    } else start(false);
  };
  // An RPC the owner set on the last page is checked before anything reads a chain; without one
  // this settles at once.
  void checkPendingOwnerRpcs().then(begin, begin);
}

if (config.ok) {
  const { value } = config;
  afterFirstFrame(serverRendered, () => startApp(value));
} else {
  // Seldom seen, so not part of every page's first script.
  void import('./app/ConfigErrorScreen').then(({ ConfigErrorScreen }) =>
    root.render(
      <StrictMode>
        <ConfigErrorScreen message={config.error} />
      </StrictMode>,
    ),
  );
}
