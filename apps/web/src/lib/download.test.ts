// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from './download';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('downloadFile', () => {
  it('clicks a hidden link to the file, leaves nothing in the page and frees the file later', async () => {
    vi.useFakeTimers();
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((value) => {
      blob = value as Blob;
      return 'blob:test';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { name: string; hidden: boolean; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, hidden: this.hidden, href: this.href });
    });

    downloadFile('book.csv', 'a,b\r\n', 'text/csv;charset=utf-8');

    expect(clicked).toEqual([{ name: 'book.csv', hidden: true, href: 'blob:test' }]);
    expect(document.querySelector('a')).toBeNull();
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    expect(await blob?.text()).toBe('a,b\r\n');
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(revoke).toHaveBeenCalledWith('blob:test');
  });
});
