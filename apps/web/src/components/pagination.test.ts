import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination';

describe('pageWindow', () => {
  it.each([
    [1, 1, 20, [1]],
    [1, 5, 20, [1, 2, 3, 4, 5]],
    [1, 50, 20, Array.from({ length: 20 }, (_, i) => i + 1)],
    [30, 50, 20, Array.from({ length: 20 }, (_, i) => i + 20)],
    [50, 50, 20, Array.from({ length: 20 }, (_, i) => i + 31)],
    [11, 50, 20, Array.from({ length: 20 }, (_, i) => i + 1)],
    [12, 50, 20, Array.from({ length: 20 }, (_, i) => i + 2)],
  ])('page %i of %i shows at most %i links', (page, count, max, expected) => {
    expect(pageWindow(page, count, max)).toEqual(expected);
  });
});
