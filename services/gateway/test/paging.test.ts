import { describe, expect, it } from 'vitest';
import { pageUrl, parseCursor, toPage } from '../src/http/paging';

describe('cursor paging', () => {
  it('reads limit and offset from the cursor, and falls back to the first page of 20', () => {
    expect(parseCursor('limit=5&offset=10')).toEqual({ limit: 5, offset: 10 });
    expect(parseCursor(undefined)).toEqual({ limit: 20, offset: 0 });
    expect(parseCursor('garbage')).toEqual({ limit: 20, offset: 0 });
    expect(parseCursor('limit=-1&offset=2')).toEqual({ limit: 20, offset: 0 });
    expect(parseCursor('limit=5000&offset=0')).toEqual({ limit: 100, offset: 0 });
  });

  it('builds absolute links that keep the other query parameters and honour the proxy headers', () => {
    const request = new Request('http://127.0.0.1:8787/v1/chains?trusted=false&cursor=x', {
      headers: { host: 'gateway.example.com', 'x-forwarded-proto': 'https' },
    });
    const url = new URL(pageUrl(request, { limit: 20, offset: 40 }));
    expect(url.origin).toBe('https://gateway.example.com');
    expect(url.searchParams.get('trusted')).toBe('false');
    expect(url.searchParams.get('cursor')).toBe('limit=20&offset=40');
  });

  it('links next only while items remain, and previous never below offset 0', () => {
    const request = new Request('http://127.0.0.1/v1/chains');
    const middle = toPage(request, { limit: 2, offset: 1 }, ['b', 'c'], 5);
    expect(new URL(middle.next ?? '').searchParams.get('cursor')).toBe('limit=2&offset=3');
    expect(new URL(middle.previous ?? '').searchParams.get('cursor')).toBe('limit=2&offset=0');
    const last = toPage(request, { limit: 2, offset: 4 }, ['e'], 5);
    expect(last.next).toBeNull();
    expect(toPage(request, { limit: 2, offset: 0 }, ['a', 'b'], 5).previous).toBeNull();
  });
});
