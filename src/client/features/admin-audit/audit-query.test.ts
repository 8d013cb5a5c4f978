import { describe, expect, it } from 'vitest';
import {
  auditApiQuery,
  auditSearchOf,
  auditViewFrom,
  emptyAuditView,
  isReversedRange,
} from './audit-query';

describe('the audit view in the address', () => {
  it('reads every filter and the page', () => {
    expect(
      auditViewFrom(
        new URLSearchParams('action=role_changed&user=ana&from=2025-06-01&to=2025-06-30&page=2'),
      ),
    ).toEqual({
      action: 'role_changed',
      user: 'ana',
      from: '2025-06-01',
      to: '2025-06-30',
      page: 2,
    });
  });

  it('leaves out what it cannot use', () => {
    expect(
      auditViewFrom(new URLSearchParams('action=all&from=2025-02-30&to=yesterday&page=0')),
    ).toEqual(emptyAuditView);
  });

  it('writes only what is set, and reads it back the same', () => {
    const view = { ...emptyAuditView, user: ' ana ', from: '2025-06-01' };
    expect(auditSearchOf(view).toString()).toBe('user=ana&from=2025-06-01');
    expect(auditViewFrom(auditSearchOf(view))).toEqual({ ...view, user: 'ana' });
    expect(auditSearchOf(emptyAuditView).toString()).toBe('');
  });

  it('knows a reversed range', () => {
    expect(isReversedRange({ from: '2025-06-02', to: '2025-06-01' })).toBe(true);
    expect(isReversedRange({ from: '2025-06-01', to: '2025-06-01' })).toBe(false);
    expect(isReversedRange({ from: '', to: '2025-06-01' })).toBe(false);
  });
});

describe('the API query of a view', () => {
  it('asks from the start of the first day to the start of the day after the last, locally', () => {
    const query = auditApiQuery({
      ...emptyAuditView,
      action: 'story_deleted',
      from: '2025-03-01',
      to: '2025-03-31',
    });
    expect(query.get('action')).toBe('story_deleted');
    expect(new Date(query.get('from')!).getTime()).toBe(new Date(2025, 2, 1).getTime());
    expect(new Date(query.get('to')!).getTime()).toBe(new Date(2025, 3, 1).getTime());
    expect(query.has('user')).toBe(false);
    expect(query.has('page')).toBe(false);
  });

  it('passes the user search and the page', () => {
    const query = auditApiQuery({ ...emptyAuditView, user: 'Ana@', page: 3 });
    expect(query.toString()).toBe('user=Ana%40&page=3');
  });
});
