import { describe, expect, it } from 'vitest';
import { placementText } from './placement';

describe('placementText', () => {
  it('says a new story with no position goes last, after the stories there are', () => {
    expect(placementText('', { count: 6, currentPosition: undefined })).toBe('Last (position 7)');
    expect(placementText('  ', { count: 0, currentPosition: undefined })).toBe('Last (position 1)');
    // The library is still loading: no number is made up.
    expect(placementText('', { count: undefined, currentPosition: undefined })).toBe('Last');
  });

  it('says an edited story with no position stays where it is', () => {
    expect(placementText('', { count: 6, currentPosition: 3 })).toBe('Unchanged (position 3)');
  });

  it('shows a position inside the library as typed', () => {
    expect(placementText('1', { count: 6, currentPosition: undefined })).toBe('1');
    expect(placementText(' 6 ', { count: 6, currentPosition: undefined })).toBe('6');
    expect(placementText('5', { count: 6, currentPosition: 3 })).toBe('5');
    expect(placementText('40', { count: undefined, currentPosition: undefined })).toBe('40');
  });

  it('says last, with the place it gets, for a position at or past the end', () => {
    expect(placementText('7', { count: 6, currentPosition: undefined })).toBe('Last (position 7)');
    expect(placementText('40', { count: 6, currentPosition: undefined })).toBe('Last (position 7)');
    expect(placementText('6', { count: 6, currentPosition: 3 })).toBe('Last (position 6)');
    expect(placementText('40', { count: 6, currentPosition: 3 })).toBe('Last (position 6)');
  });
});
