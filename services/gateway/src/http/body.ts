import type { Context } from 'hono';
import { z } from 'zod';
import { HttpError } from './errors';

/**
 * Reads and validates a JSON body. Bad JSON gets 400; a body that breaks the schema gets 422 in the
 * gateway's validation shape, naming the first problem and where it is. The schema may be classic zod
 * or zod/mini (the request bodies of @countersign/gateway-api are zod/mini).
 */
export async function parseBody<T extends z.core.$ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    throw new HttpError(400, {
      statusCode: 400,
      code: 400,
      message: 'The body is not valid JSON',
      error: 'Bad Request',
    });
  }
  const parsed = z.safeParse(schema, json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(422, {
      statusCode: 422,
      code: issue?.code ?? 'custom',
      message: issue?.message ?? 'Invalid body',
      path: issue?.path ?? [],
    });
  }
  return parsed.data;
}

/** A 422 the way the gateway words its own checks: `{statusCode, code, message}`. */
export const unprocessable = (message: string) => new HttpError(422, { statusCode: 422, code: 422, message });
