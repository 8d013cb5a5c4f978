import { describe, expect, it } from 'vitest';
import { inboxSearchOf, inboxViewFrom } from './inbox-search';

describe('the inbox view in the address', () => {
  it('reads status, category and page', () => {
    expect(inboxViewFrom(new URLSearchParams('status=handled&category=billing&page=3'))).toEqual({
      status: 'handled',
      category: 'billing',
      page: 3,
    });
  });

  it('falls back to the first page of open messages in every category', () => {
    expect(inboxViewFrom(new URLSearchParams(''))).toEqual({
      status: 'open',
      category: null,
      page: 1,
    });
    expect(inboxViewFrom(new URLSearchParams('status=closed&category=spam&page=-2'))).toEqual({
      status: 'open',
      category: null,
      page: 1,
    });
    expect(inboxViewFrom(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('writes a view back the way it reads', () => {
    const view = { status: 'all', category: 'content', page: 2 } as const;
    expect(inboxSearchOf(view).toString()).toBe('status=all&category=content&page=2');
    expect(inboxViewFrom(inboxSearchOf(view))).toEqual(view);
    expect(inboxSearchOf({ status: 'open', category: null, page: 1 }).toString()).toBe(
      'status=open',
    );
  });
});
