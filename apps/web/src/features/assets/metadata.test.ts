import { describe, expect, it } from 'vitest';
import {
  METADATA_MAX_DEPTH,
  METADATA_MAX_ENTRIES,
  metadataTree,
  nftTraits,
  type MetadataNode,
} from './metadata';

describe('metadataTree', () => {
  it('keeps keys and values as text, nested objects and lists as children', () => {
    expect(
      metadataTree({ name: 'Token #1', level: 3, rare: true, nothing: null, tags: ['a', { deep: 'b' }] }),
    ).toEqual({
      kind: 'object',
      more: 0,
      entries: [
        { key: 'name', value: { kind: 'text', text: 'Token #1' } },
        { key: 'level', value: { kind: 'text', text: '3' } },
        { key: 'rare', value: { kind: 'text', text: 'true' } },
        { key: 'nothing', value: { kind: 'text', text: 'null' } },
        {
          key: 'tags',
          value: {
            kind: 'list',
            more: 0,
            items: [
              { kind: 'text', text: 'a' },
              { kind: 'object', more: 0, entries: [{ key: 'deep', value: { kind: 'text', text: 'b' } }] },
            ],
          },
        },
      ],
    });
  });

  it('makes links of http(s) URLs only; javascript:, data: and markup stay text', () => {
    expect(metadataTree('https://example.org/a?b=1')).toEqual({
      kind: 'link',
      href: 'https://example.org/a?b=1',
      text: 'https://example.org/a?b=1',
    });
    expect(metadataTree('http://127.0.0.1/x')).toMatchObject({ kind: 'link' });
    for (const hostile of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      'ipfs://bafy',
      '//evil.example/path',
    ]) {
      expect(metadataTree(hostile)).toEqual({ kind: 'text', text: hostile });
    }
  });

  it('bounds depth: deeper values are shown as their JSON text', () => {
    let value: unknown = 'bottom';
    for (let i = 0; i < METADATA_MAX_DEPTH + 5; i++) value = { next: value };
    let node: MetadataNode = metadataTree(value);
    let depth = 0;
    while (node.kind === 'object') {
      node = node.entries[0]!.value;
      depth++;
    }
    expect(depth).toBe(METADATA_MAX_DEPTH);
    expect(node.kind).toBe('text');
    expect(node.kind === 'text' && node.text.startsWith('{"next":')).toBe(true);
  });

  it('bounds breadth, saying how many were left out', () => {
    const list = metadataTree(Array.from({ length: METADATA_MAX_ENTRIES + 7 }, (_, i) => i));
    expect(list).toMatchObject({ kind: 'list', more: 7 });
    expect(list.kind === 'list' && list.items).toHaveLength(METADATA_MAX_ENTRIES);
  });
});

describe('nftTraits', () => {
  it('reads OpenSea-style attributes and skips what does not fit', () => {
    expect(
      nftTraits({
        attributes: [
          { trait_type: 'Colour', value: 'Gold' },
          { trait_type: 'Level', value: 3 },
          { value: 'No type' },
          { trait_type: 'Object', value: { nested: true } },
          'text',
          null,
        ],
      }),
    ).toEqual([
      { type: 'Colour', value: 'Gold' },
      { type: 'Level', value: '3' },
      { type: 'Trait', value: 'No type' },
    ]);
    expect(nftTraits(null)).toEqual([]);
    expect(nftTraits({ attributes: 'x' })).toEqual([]);
  });
});
