import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import {
  addDelegateBodySchema,
  registerDeviceBodySchema,
  removeDelegateBodySchema,
} from '@countersign/gateway-api';
import { randomUUID } from 'node:crypto';
import { getAddress, type Hex } from 'viem';
import { z } from 'zod';
import type { ChainRegistry } from '../chains/registry';
import { signedByDelegatorOrDelegate, signedDelegate } from '../delegates/signatures';
import { deleteDelegations, delegatorsOf, listDelegates, storeDelegate } from '../delegates/store';
import { notFound, unprocessable } from '../http/errors';
import { toPage } from '../http/paging';
import { addressParam } from '../http/params';
import { cursor } from '../http/query';
import { chainInPath } from '../http/resolve';
import { jsonBody, pathParams, queryParams } from '../http/validate';
import { checkDeviceBinding, signedSubscriptions } from '../notifications/registration';
import { deleteDevice, deleteSubscription, storeRegistration } from '../notifications/store';
import { requireSafe } from '../safes/requireSafe';
import type { SafeAppCatalogue } from '../safeApps';
import type { Database } from '../store';

/** An address filter; empty is no filter. */
const addressFilter = z.preprocess((value) => (value === '' ? undefined : value), addressParam.optional());

const delegatesQuery = z
  .object({
    safe: addressFilter,
    delegate: addressFilter,
    delegator: addressFilter,
    label: z.string().optional(),
    cursor,
  })
  .refine((query) => query.safe || query.delegate || query.delegator || query.label, {
    message: 'At least one property is required',
    path: ['query'],
  });

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Invalid UUID');

export function accountRoutes(chains: ChainRegistry, db: Database, safeApps: SafeAppCatalogue) {
  const chain = chainInPath(chains);

  const listed = createFactory().createHandlers(chain, queryParams(delegatesQuery), async (c) => {
    const { cursor: window, ...filter } = c.req.valid('query');
    const { delegates, total } = await listDelegates(db, c.var.chain.config.chainId, filter, window);
    return c.json(toPage(c.req.raw, window, delegates, total));
  });

  return new Hono()
    .get('/v1/chains/:chainId/delegates', ...listed)
    .get('/v2/chains/:chainId/delegates', ...listed)
    .post('/v2/chains/:chainId/delegates', chain, jsonBody(addDelegateBodySchema), async (c) => {
      const body = c.req.valid('json');
      const delegate = getAddress(body.delegate);
      const delegator = getAddress(body.delegator);
      const safe = body.safe ? getAddress(body.safe) : null;
      if (delegate === delegator) throw unprocessable('A delegator cannot delegate to itself');
      if (!(await signedDelegate(c.var.chain, delegator, delegate, body.signature as Hex)))
        throw unprocessable('Invalid signature');
      if (safe && !(await requireSafe(c.var.chain, safe)).owners.includes(delegator))
        throw unprocessable('Delegator is not an owner of the Safe');
      await storeDelegate(db, c.var.chain.config.chainId, { safe, delegate, delegator, label: body.label });
      return c.body(null, 200);
    })
    .delete(
      '/v2/chains/:chainId/delegates/:delegate',
      chain,
      pathParams(z.object({ delegate: addressParam })),
      jsonBody(removeDelegateBodySchema),
      async (c) => {
        const chainId = c.var.chain.config.chainId;
        const body = c.req.valid('json');
        const which = {
          delegate: c.req.valid('param').delegate,
          delegator: body.delegator ? getAddress(body.delegator) : null,
          safe: body.safe ? getAddress(body.safe) : null,
        };
        const delegators = await delegatorsOf(db, chainId, which);
        if (delegators.length === 0) throw notFound('Delegate not found');
        if (
          !(await signedByDelegatorOrDelegate(c.var.chain, delegators, which.delegate, body.signature as Hex))
        )
          throw unprocessable('Invalid signature');
        await deleteDelegations(db, chainId, which);
        return c.body(null, 200);
      },
    )
    .post('/v1/register/notifications', jsonBody(registerDeviceBodySchema), async (c) => {
      const body = c.req.valid('json');
      const device = { ...body, uuid: body.uuid ?? randomUUID() };
      const subscriptions = await signedSubscriptions(chains, db, body, device.uuid);
      await checkDeviceBinding(db, device.uuid, subscriptions);
      // A phone re-registering replaces what it had; a browser adds to it.
      await storeRegistration(db, device, subscriptions, body.deviceType !== 'WEB' && Boolean(body.uuid));
      return c.body(null, 200);
    })
    .delete(
      '/v1/chains/:chainId/notifications/devices/:uuid/safes/:safe',
      chain,
      pathParams(z.object({ uuid, safe: addressParam })),
      async (c) => {
        const { uuid, safe } = c.req.valid('param');
        await deleteSubscription(db, uuid, c.var.chain.config.chainId, safe);
        return c.body(null, 200);
      },
    )
    .delete(
      '/v1/chains/:chainId/notifications/devices/:uuid',
      chain,
      pathParams(z.object({ uuid })),
      async (c) => {
        await deleteDevice(db, c.req.valid('param').uuid);
        return c.body(null, 200);
      },
    )
    .get('/v1/chains/:chainId/safe-apps', chain, queryParams(z.object({ url: z.string().optional() })), (c) =>
      c.json(safeApps.list(c.var.chain.config.chainId, c.req.valid('query').url || undefined)),
    );
}
