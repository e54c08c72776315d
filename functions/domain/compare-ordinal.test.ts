import { describe, expect, it } from 'vitest';
import { compareOrdinal } from './compare-ordinal';

describe('compareOrdinal', () => {
  it('orders ISO times and ULIDs as the table orders their keys', () => {
    expect(['2026-11-23T10:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-11-23T09:59:59.999Z'].sort(compareOrdinal)).toEqual([
      '2026-01-02T00:00:00.000Z',
      '2026-11-23T09:59:59.999Z',
      '2026-11-23T10:00:00.000Z',
    ]);
    expect(['01KAB', '01KA9', '01KAZ', '01KAA'].sort(compareOrdinal)).toEqual(['01KA9', '01KAA', '01KAB', '01KAZ']);
  });

  it('puts upper case before lower case, as byte order does (a locale would not)', () => {
    expect(['b', 'B', 'a', 'A'].sort(compareOrdinal)).toEqual(['A', 'B', 'a', 'b']);
    expect(compareOrdinal('same', 'same')).toBe(0);
  });
});
