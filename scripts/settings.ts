import { redactUrl } from '@countersign/devnet';
import type { z } from 'zod';

/**
 * The environment parsed by `schema`, or one line naming each refused variable, its value (a URL
 * without its user and password) and what it must be: thrown as an Error for `npm start` to print.
 */
export function parseSettings<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'a setting');
    const value = env[name];
    return `${name}=${JSON.stringify(value === undefined ? '' : redactUrl(value))} is refused (${issue.message}): fix or unset it (see the README's configuration)`;
  });
  throw new Error(lines.join('; '));
}
