import { describe, expect, it } from 'vitest';
import { upgradedKinds } from '#client/lib/sync/legacy-queues';
import { learnerSyncKinds } from './learner-sync';

describe('the kinds of learner writes', () => {
  it('each has a name of its own, and every kind the upgrade writes is one of them', () => {
    const names = learnerSyncKinds.map((kind) => kind.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(Object.values(upgradedKinds)));
  });
});
