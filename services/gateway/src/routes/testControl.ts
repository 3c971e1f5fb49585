import { Hono } from 'hono';
import { SnapshotError, type StackSnapshots } from '../testControl/snapshots';

/**
 * Test-only routes (a gateway started with testControl): take and restore snapshots of the chain
 * and the store. Not part of the Client Gateway API.
 */
export function testControlRoutes(snapshots: StackSnapshots) {
  return new Hono()
    .post('/__test/snapshots/:name', async (c) => {
      await snapshots.take(c.req.param('name'));
      return c.json({ name: c.req.param('name') });
    })
    .post('/__test/snapshots/:name/revert', async (c) => {
      await snapshots.revert(c.req.param('name'));
      return c.json({ name: c.req.param('name') });
    })
    .onError((error, c) =>
      error instanceof SnapshotError
        ? c.json({ statusCode: error.status, message: error.message }, error.status)
        : c.json({ code: 500, message: error.message }, 500),
    );
}
