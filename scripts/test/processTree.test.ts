import { describe, expect, it } from 'vitest';
import { descendants } from '../processTree';

describe('descendants', () => {
  // 1 ─ 2 ─ 4 ─ 6, 1 ─ 3 ─ 5, and 7 beside them; listed children first, as a listing may be.
  const listing = [
    { pid: 6, ppid: 4 },
    { pid: 5, ppid: 3 },
    { pid: 4, ppid: 2 },
    { pid: 3, ppid: 1 },
    { pid: 2, ppid: 1 },
    { pid: 7, ppid: 0 },
  ];

  it('finds every process below the root, however deep and in whatever order listed', () => {
    expect(descendants(1, listing)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(descendants(3, listing)).toEqual(new Set([3, 5]));
    expect(descendants(9, listing)).toEqual(new Set([9]));
  });

  it('leaves out the trees it is told to', () => {
    expect(descendants(1, listing, [2])).toEqual(new Set([1, 3, 5]));
  });
});
