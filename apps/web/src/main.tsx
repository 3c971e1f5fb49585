import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/tokens.css';
import './ui/base.css';
import { App } from './app/App';
import { readRuntimeConfig } from './lib/config';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const config = readRuntimeConfig();
createRoot(container).render(
  <StrictMode>
    {config.ok ? <App config={config.config} /> : <ConfigErrorScreen message={config.message} />}
  </StrictMode>,
);
