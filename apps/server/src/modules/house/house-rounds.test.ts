import { describe, expect, it } from 'vitest';
import { memberBatches } from './house-rounds.js';

describe('memberBatches', () => {
  const flat = (members: string[], size: number) =>
    memberBatches(members, size).map(([from, to]) => members.slice(from, to).join(''));

  it('cuts at about the size, never inside a member', () => {
    expect(flat(['a', 'a', 'b', 'b', 'b', 'c', 'd', 'd'], 3)).toEqual(['aa', 'bbb', 'cdd']);
    expect(flat(['a', 'b', 'c', 'd', 'e'], 2)).toEqual(['ab', 'cd', 'e']);
    expect(flat(['a', 'a', 'a', 'b'], 4)).toEqual(['aaab']);
  });

  it('cuts a member larger than the size on its own, and covers every bet once', () => {
    expect(flat(['a', 'b', 'b', 'b', 'b', 'b', 'c'], 3)).toEqual(['a', 'bbb', 'bbc']);
    const members = Array.from({ length: 1000 }, (_, i) => String(Math.floor(i / 7)));
    const ranges = memberBatches(members, 40);
    expect(ranges[0]![0]).toBe(0);
    expect(ranges.at(-1)![1]).toBe(1000);
    for (let k = 1; k < ranges.length; k++) {
      expect(ranges[k]![0]).toBe(ranges[k - 1]![1]);
      expect(members[ranges[k]![0]]).not.toBe(members[ranges[k]![0] - 1]);
      expect(ranges[k - 1]![1] - ranges[k - 1]![0]).toBeLessThanOrEqual(40);
    }
  });
  it('answers nothing for nothing', () => {
    expect(memberBatches([], 10)).toEqual([]);
  });
});
