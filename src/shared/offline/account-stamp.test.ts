import { describe, expect, it } from 'vitest';
import { ANONYMOUS_STAMP, mayServeKeptAnswer } from './account-stamp';

describe('mayServeKeptAnswer', () => {
  it('shows a kept answer only to the account it was made for', () => {
    expect(mayServeKeptAnswer('tag-a', 'tag-a')).toBe(true);
    expect(mayServeKeptAnswer('tag-a', 'tag-b')).toBe(false);
    // The device's last session answer said nobody is signed in (the session ended).
    expect(mayServeKeptAnswer('tag-a', ANONYMOUS_STAMP)).toBe(false);
    expect(mayServeKeptAnswer('tag-a', null)).toBe(false);
  });

  it('shows answers made for nobody to anyone', () => {
    expect(mayServeKeptAnswer(ANONYMOUS_STAMP, 'tag-a')).toBe(true);
    expect(mayServeKeptAnswer(ANONYMOUS_STAMP, null)).toBe(true);
  });

  it('never shows an unstamped answer', () => {
    expect(mayServeKeptAnswer(null, 'tag-a')).toBe(false);
    expect(mayServeKeptAnswer('', null)).toBe(false);
  });
});
