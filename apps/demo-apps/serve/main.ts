import { z } from 'zod';
import { DEFAULT_DEMO_APPS_PORT, startDemoAppsServer } from './server';

/** `npm run serve -w @countersign/demo-apps`: the demo apps alone (HOST, DEMO_APPS_PORT). */
const env = z
  .object({
    HOST: z.string().default('127.0.0.1'),
    DEMO_APPS_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_DEMO_APPS_PORT),
  })
  .parse(process.env);
const server = await startDemoAppsServer({ host: env.HOST, port: env.DEMO_APPS_PORT });
console.log(`demo apps: ${server.url}/`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
