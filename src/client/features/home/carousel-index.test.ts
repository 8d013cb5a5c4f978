import { describe, expect, it } from 'vitest';
import { carouselKeyTarget, wrapIndex } from './carousel-index';

describe('carousel wrapping', () => {
  it('moves forward and back within the steps', () => {
    expect(wrapIndex(0, 1, 4)).toBe(1);
    expect(wrapIndex(2, -1, 4)).toBe(1);
  });

  it('wraps from the last step to the first and from the first to the last', () => {
    expect(wrapIndex(3, 1, 4)).toBe(0);
    expect(wrapIndex(0, -1, 4)).toBe(3);
    expect(wrapIndex(1, -6, 4)).toBe(3);
  });

  it('survives an empty carousel', () => {
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it('maps arrow keys, Home and End, and ignores other keys', () => {
    expect(carouselKeyTarget('ArrowRight', 3, 4)).toBe(0);
    expect(carouselKeyTarget('ArrowLeft', 0, 4)).toBe(3);
    expect(carouselKeyTarget('Home', 2, 4)).toBe(0);
    expect(carouselKeyTarget('End', 0, 4)).toBe(3);
    expect(carouselKeyTarget('Enter', 1, 4)).toBeNull();
  });
});
