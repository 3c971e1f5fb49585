import type { Context, Env, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { badJson, HttpError, invalidParam, unprocessable } from './errors';
import { defaultJsonShape, jsonShapeBeyond, type JsonShapeLimits } from './jsonShape';

type Issue = z.core.$ZodIssue;

function firstIssue<T extends z.core.$ZodType>(
  schema: T,
  value: unknown,
  refuse: (issue: Issue) => HttpError,
) {
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw refuse(issue ?? { code: 'custom', message: 'Invalid request', path: [], input: value });
}

/** A body that breaks its schema: 422 in the gateway's validation shape, naming the first problem and where it is. */
const refuseBody = (issue: Issue) =>
  new HttpError(422, { statusCode: 422, code: issue.code, message: issue.message, path: issue.path });

/** A path or query parameter that breaks its schema: 422 at that parameter, as the gateway words it. */
const refuseParam = (issue: Issue) => invalidParam(String(issue.path[0] ?? 'query'), issue.message);

/** The body parsed as JSON, once its text is known to be within `shape` (see jsonShape.ts). */
async function readJson(
  c: Context,
  shape: JsonShapeLimits,
  refuseShape: (beyond: string) => HttpError,
): Promise<unknown> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw badJson();
  }
  const beyond = jsonShapeBeyond(text, shape);
  if (beyond) throw refuseShape(beyond);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badJson();
  }
}

/**
 * The JSON body through `schema` (`c.req.valid('json')`). The schema may be classic zod or zod/mini
 * (the request bodies of @countersign/gateway-api are zod/mini). The body is read whatever its
 * Content-Type says, as the gateway always has: Hono's validator alone would take it for `{}`.
 */
export const jsonBody =
  <T extends z.core.$ZodType>(
    schema: T,
    options: {
      /** How wide and deep the JSON may be before it is parsed: defaultJsonShape unless narrower. */
      shape?: JsonShapeLimits;
      /** The answer to a body beyond `shape`: by default 422 "The body is too large to read: …". */
      refuseShape?: (beyond: string) => HttpError;
      /** A cheap refusal on the parsed JSON, before the schema walks it (whose cost grows with it). */
      before?: (raw: unknown) => HttpError | undefined;
    } = {},
  ): MiddlewareHandler<Env, string, { in: { json: z.input<T> }; out: { json: z.output<T> } }> =>
  // Not Hono's validator('json'): it parses a JSON body before its function runs, which would
  // build the object before the shape is checked.
  async (c, next) => {
    const raw = await readJson(
      c,
      options.shape ?? defaultJsonShape,
      options.refuseShape ?? ((beyond) => unprocessable(`The body is too large to read: ${beyond}`)),
    );
    const refused = options.before?.(raw);
    if (refused) throw refused;
    c.req.addValidatedData('json', firstIssue(schema, raw, refuseBody) as object);
    await next();
  };

/**
 * The path's parameters through `schema` (`c.req.valid('param')`); a failure is 422 at the first
 * parameter that breaks it, or what `refuse` makes of it.
 */
export const pathParams = <T extends z.core.$ZodType>(
  schema: T,
  refuse: (issue: Issue) => HttpError = refuseParam,
) => validator('param', (value): z.output<T> => firstIssue(schema, value, refuse));

/**
 * The query through `schema` (`c.req.valid('query')`); a failure is 422 at the first parameter that
 * breaks it. A repeated parameter counts once, its first value, as `c.req.query()` reads it.
 */
export const queryParams = <T extends z.core.$ZodType>(schema: T) =>
  validator('query', (value): z.output<T> => {
    const first = Object.fromEntries(
      Object.entries(value).map(([name, values]) => [name, Array.isArray(values) ? values[0] : values]),
    );
    return firstIssue(schema, first, refuseParam);
  });
