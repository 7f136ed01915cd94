import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

describe('pageItems', () => {
  it('lists every page when they fit', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the ends and a window around the current page, with gaps', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageItems(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageItems(20, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
    // A gap of one page shows the page instead of an ellipsis.
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
  });
});
