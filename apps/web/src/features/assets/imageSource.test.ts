import { describe, expect, it } from 'vitest';
import { avatarLetter, imageSource, shortLabel } from './imageSource';

describe('imageSource', () => {
  it('loads http(s) URLs and inline images', () => {
    expect(imageSource('https://example.org/logo.png')).toBe('https://example.org/logo.png');
    expect(imageSource('http://127.0.0.1:8787/v1/icons/1337/0x01.svg')).toBe(
      'http://127.0.0.1:8787/v1/icons/1337/0x01.svg',
    );
    const svg = 'data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+';
    expect(imageSource(svg)).toBe(svg);
    expect(imageSource('data:image/png,abc')).toBe('data:image/png,abc');
  });

  it('loads nothing else', () => {
    for (const uri of [
      null,
      undefined,
      '',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ipfs://bafy/1.png',
      '/relative/logo.png',
      'logo.png',
    ]) {
      expect(imageSource(uri)).toBeUndefined();
    }
  });
});

describe('avatarLetter', () => {
  it('takes the first letter or digit of the symbol, else of the name', () => {
    expect(avatarLetter('dusd', 'Dev Dollar')).toBe('D');
    expect(avatarLetter('<img src=x>', 'x')).toBe('I');
    expect(avatarLetter('$$$', 'Ünïcode')).toBe('Ü');
    expect(avatarLetter('\u202E', '')).toBe('?');
    expect(avatarLetter('1inch')).toBe('1');
  });
});

describe('shortLabel', () => {
  it('cuts long texts for labels and messages', () => {
    expect(shortLabel('DEV')).toBe('DEV');
    const long = shortLabel('x'.repeat(10_000));
    expect(Array.from(long)).toHaveLength(32);
    expect(long.endsWith('…')).toBe(true);
  });
});
