import { describe, expect, it } from 'vitest';
import { liveNote } from './live-note';

const note = (overrides: Partial<Parameters<typeof liveNote>[0]>) =>
  liveNote({
    editing: false,
    status: 'draft',
    hasUnpublishedChanges: false,
    leftOut: 0,
    ...overrides,
  });

describe('liveNote', () => {
  it('says nothing of a new story is live until it is published', () => {
    expect(note({})).toBe(
      'Nothing of it is live yet: learners see it only once you publish it from the dashboard.',
    );
  });

  it('says an edited draft is still not live', () => {
    expect(note({ editing: true })).toBe(
      'Nothing of it is live: it is a draft, and learners see it only once you publish it from the dashboard.',
    );
  });

  it('says the changes to a published story wait for "Publish changes"', () => {
    expect(note({ editing: true, status: 'published', hasUnpublishedChanges: true })).toBe(
      'These changes are not live yet: learners see the version published last until you choose “Publish changes” on the dashboard.',
    );
  });

  it('says learners see a published story as saved when nothing they see changed', () => {
    expect(note({ editing: true, status: 'published' })).toBe(
      'Learners already see it as it is now.',
    );
  });

  it('adds the chapters left out for want of audio or transcript', () => {
    expect(note({ leftOut: 1 })).toBe(
      'Nothing of it is live yet: learners see it only once you publish it from the dashboard. 1 chapter without its audio or transcript stays out of what learners see until it has both.',
    );
    expect(note({ editing: true, status: 'published', leftOut: 2 })).toBe(
      'Learners already see it as it is now. 2 chapters without their audio or transcript stay out of what learners see until they have both.',
    );
  });
});
