import { isHttpUrl } from '../../lib/urls';

/**
 * An NFT's metadata (any JSON the token's URI gave) as a tree of plain text to show: keys and
 * values, nested objects and lists as children. A string becomes a link only when it is an http(s)
 * URL; everything else, `javascript:` and markup included, stays text. Depth and breadth are
 * bounded so a hostile token cannot make the page build millions of elements.
 */
export type MetadataNode =
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string; text: string }
  | { kind: 'object'; entries: { key: string; value: MetadataNode }[]; more: number }
  | { kind: 'list'; items: MetadataNode[]; more: number };

export const METADATA_MAX_DEPTH = 8;
export const METADATA_MAX_ENTRIES = 200;

function scalar(value: unknown): MetadataNode {
  if (typeof value === 'string') {
    return isHttpUrl(value.trim())
      ? { kind: 'link', href: value.trim(), text: value }
      : { kind: 'text', text: value };
  }
  if (value === null) return { kind: 'text', text: 'null' };
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return { kind: 'text', text: String(value) };
  }
  return { kind: 'text', text: '' };
}

/** Deeper than the limit, a value is shown as its JSON text. */
function asJson(value: unknown): MetadataNode {
  try {
    return { kind: 'text', text: JSON.stringify(value) ?? '' };
  } catch {
    return { kind: 'text', text: String(value) };
  }
}

export function metadataTree(value: unknown, depth = 0): MetadataNode {
  if (typeof value !== 'object' || value === null) return scalar(value);
  if (depth >= METADATA_MAX_DEPTH) return asJson(value);
  if (Array.isArray(value)) {
    return {
      kind: 'list',
      items: value.slice(0, METADATA_MAX_ENTRIES).map((item) => metadataTree(item, depth + 1)),
      more: Math.max(0, value.length - METADATA_MAX_ENTRIES),
    };
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
  return {
    kind: 'object',
    entries: entries
      .slice(0, METADATA_MAX_ENTRIES)
      .map(([key, item]) => ({ key, value: metadataTree(item, depth + 1) })),
    more: Math.max(0, entries.length - METADATA_MAX_ENTRIES),
  };
}

export type NftTrait = { type: string; value: string };

/**
 * The OpenSea-style `attributes` list ({ trait_type, value }), the traits people look for first.
 * Entries of any other shape are left to the metadata tree.
 */
export function nftTraits(metadata: Record<string, unknown> | null): NftTrait[] {
  const attributes = metadata?.attributes;
  if (!Array.isArray(attributes)) return [];
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : undefined;
  return attributes.slice(0, METADATA_MAX_ENTRIES).flatMap((attribute: unknown) => {
    if (typeof attribute !== 'object' || attribute === null) return [];
    const { trait_type: type, value } = attribute as Record<string, unknown>;
    const shown = text(value);
    return shown === undefined ? [] : [{ type: text(type) ?? 'Trait', value: shown }];
  });
}
