import * as z from 'zod/mini';

/**
 * A schema built on its first use instead of when its module loads. Building zod schemas takes time
 * (this package's took about 10 ms of every page load in Chromium, measured in the warm Safe home),
 * and the web app loads them all with its first script while it reads its first answer only later.
 * It parses exactly as the schema `build` returns, which is built once.
 */
export const deferred = <T extends z.core.$ZodType>(build: () => T): z.ZodMiniLazy<T> => z.lazy(build);
