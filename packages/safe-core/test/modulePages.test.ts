import { describe, expect, it } from 'vitest';
import { getAddress, type Address } from 'viem';
import { followModulePages, maxModulePages, modulePageSize, sentinelAddress, type ModulePage } from '../src';

const module = (n: number): Address => getAddress(`0x${(n + 0x1000).toString(16).padStart(40, '0')}`);
const page = (from: number, count: number, next: Address): ModulePage => [
  Array.from({ length: count }, (_, i) => module(from + i)),
  next,
];

describe("following a Safe's module list", () => {
  it('reads every page until the list ends, and says nothing was cut', async () => {
    const asked: Address[] = [];
    const result = await followModulePages(page(0, modulePageSize, module(49)), async (cursor) => {
      asked.push(cursor);
      return page(50, 3, sentinelAddress);
    });
    expect(asked).toEqual([module(49)]);
    expect(result.modules).toHaveLength(53);
    expect(result.cut).toBe(false);
  });

  it('stops at the most pages it reads, and says the list was cut', async () => {
    let reads = 0;
    const endless = await followModulePages(page(0, modulePageSize, module(49)), async (cursor) => {
      reads += 1;
      const at = reads * modulePageSize;
      return page(at, modulePageSize, module(at + modulePageSize - 1 + Number(cursor === sentinelAddress)));
    });
    expect(reads).toBe(maxModulePages - 1);
    expect(endless.modules).toHaveLength(maxModulePages * modulePageSize);
    expect(endless.cut).toBe(true);
  });

  it('stops where the pages go round, and where a page is longer than asked for counts what was asked', async () => {
    const round = await followModulePages(page(0, 2, module(1)), async () =>
      page(2, modulePageSize + 20, module(1)),
    );
    expect(round.modules).toHaveLength(2 + modulePageSize);
    expect(round.cut).toBe(true);
    const single = await followModulePages(
      page(0, 1, '0x0000000000000000000000000000000000000000'),
      async () => {
        throw new Error('no further page is read');
      },
    );
    expect(single).toEqual({ modules: [module(0)], cut: false });
  });
});
