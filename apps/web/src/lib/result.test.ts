import { describe, expect, it } from 'vitest';
import { err, ok, type Result } from './result';

const parseCount = (text: string): Result<number> =>
  /^\d+$/.test(text) ? ok(Number(text)) : err(`${JSON.stringify(text)} is not a count.`);

describe('Result', () => {
  it('holds a value or why there is none', () => {
    expect(parseCount('12')).toEqual({ ok: true, value: 12 });
    expect(parseCount('x')).toEqual({ ok: false, error: '"x" is not a count.' });
  });

  it('carries a failure of any shape', () => {
    const declined: Result<void, { kind: 'rejected'; message: string }> = err({
      kind: 'rejected',
      message: 'Declined in the wallet.',
    });
    expect(declined).toEqual({ ok: false, error: { kind: 'rejected', message: 'Declined in the wallet.' } });
  });
});
