import type * as z from 'zod/mini';
import { createTransport, type RequestOptions, type TransportOptions } from './http';
import { pageSchema } from './schemas/common';
import { authResource } from './resources/auth';
import { balancesResource } from './resources/balances';
import { chainsResource } from './resources/chains';
import { collectiblesResource } from './resources/collectibles';
import { dataDecoderResource } from './resources/dataDecoder';
import { delegatesResource } from './resources/delegates';
import { messagesResource } from './resources/messages';
import { notificationsResource } from './resources/notifications';
import { ownersResource } from './resources/owners';
import { proposalsResource } from './resources/proposals';
import { safeAppsResource } from './resources/safeApps';
import { safesResource } from './resources/safes';
import { transactionsResource } from './resources/transactions';

export type GatewayClientOptions = TransportOptions;

/**
 * The typed client of a Safe Client Gateway: one flat object with a method per endpoint. Each method
 * takes its path and query parameters as one object (none for the few that have none) and then
 * `{ signal }`; answers are checked against the schemas in ./schemas. Errors: GatewayError for an
 * answer that is not OK or not JSON (message "{code}: {message}", else the status text, or
 * "Invalid response content: {status text}"), GatewayContractError for JSON that breaks the contract.
 */
export function createGatewayClient(options: GatewayClientOptions) {
  const t = createTransport(options);
  return {
    baseUrl: options.baseUrl,
    /**
     * Fetches a page by the full URL the gateway gave (`next`/`previous`), exactly as it is. To stay
     * on the configured base URL, pass `cursorOf(url)` as a list method's `cursor` instead.
     */
    getPage: <T extends z.core.$ZodType>(url: string, itemSchema: T, opts?: RequestOptions) =>
      t.request(url, pageSchema(itemSchema), { signal: opts?.signal }),
    ...chainsResource(t),
    ...safesResource(t),
    ...balancesResource(t),
    ...collectiblesResource(t),
    ...transactionsResource(t),
    ...proposalsResource(t),
    ...dataDecoderResource(t),
    ...messagesResource(t),
    ...delegatesResource(t),
    ...notificationsResource(t),
    ...safeAppsResource(t),
    ...ownersResource(t),
    ...authResource(t),
  };
}

export type GatewayClient = ReturnType<typeof createGatewayClient>;
