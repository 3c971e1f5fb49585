import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from './errors';

/**
 * Reads and validates a JSON body. Bad JSON gets 400; a body that breaks the schema gets 422 in the
 * gateway's validation shape, naming the first problem and where it is.
 */
export async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
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
  const parsed = schema.safeParse(json);
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
