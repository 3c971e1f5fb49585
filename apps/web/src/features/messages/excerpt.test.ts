import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt';

describe('excerpt', () => {
  it('keeps a short text whole', () => {
    expect(excerpt('one\ntwo')).toEqual({ head: 'one\ntwo', truncated: false });
  });

  it('stops after the line limit', () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const { head, truncated } = excerpt(text, { maxLines: 3 });
    expect(head).toBe('line 0\nline 1\nline 2');
    expect(truncated).toBe(true);
  });

  it('stops at the character limit, at a line end when one is near', () => {
    const text = `${'a'.repeat(90)}\n${'b'.repeat(200)}`;
    expect(excerpt(text, { maxChars: 100 }).head).toBe('a'.repeat(90));
    expect(excerpt('c'.repeat(500), { maxChars: 100 }).head).toBe('c'.repeat(100));
  });

  it('keeps a 100 kB message to its first part', () => {
    const { head, truncated } = excerpt('x'.repeat(100_000));
    expect(head.length).toBe(2_000);
    expect(truncated).toBe(true);
  });

  it('does not split a surrogate pair', () => {
    const { head } = excerpt(`a${'😀'.repeat(100)}`, { maxChars: 4 });
    expect(head).toBe('a😀');
  });
});
