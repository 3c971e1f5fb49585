import * as z from 'zod/mini';

/**
 * The schemas are built with zod/mini, which keeps the browser bundle small but, unlike classic zod,
 * sets no language for its messages (every issue would read "Invalid input"). Classic zod sets English
 * when its first schema is built, unless a language is already set; so does this module, imported first
 * by the package's entry, so that every message (GatewayContractError, an UNREADABLE item's `issues`, the
 * gateway service's 422 answers) reads as it always has.
 */
if (!z.core.globalConfig.localeError) z.config(z.locales.en());
