import { describe, expect, it } from 'vitest';
import { playerErrorContent, playerErrorKind } from './player-error-kind';

describe('player error page choice', () => {
  it.each([
    ['Chapter not found', 'Story Not Found'],
    ['Story not found', 'Story Not Found'],
    ['Request failed with status 404', 'Story Not Found'],
    ['Could not reach the server. Check your connection and try again.', 'Connection Problem'],
    ['Failed to fetch', 'Connection Problem'],
    ['NetworkError when attempting to fetch resource.', 'Connection Problem'],
    ['The request timed out', 'Connection Problem'],
    ['Audio source could not be decoded', 'Audio Loading Failed'],
    ['Media playback error', 'Audio Loading Failed'],
    ['Transcript unavailable', 'Transcript Unavailable'],
    ['Chapter ID not provided', 'Something Went Wrong'],
    ['Internal server error', 'Something Went Wrong'],
    ['', 'Something Went Wrong'],
  ])('"%s" → %s', (message, title) => {
    expect(playerErrorContent(message).title).toBe(title);
  });

  it('checks "not found" before the other keywords', () => {
    expect(playerErrorKind('Audio not found')).toBe('not-found');
    expect(playerErrorKind('Transcript fetch failed')).toBe('network');
  });

  it('chooses the not-downloaded page only when told (offline, a chapter not on the device)', () => {
    expect(playerErrorKind('Chapter not downloaded')).not.toBe('not-downloaded');
    expect(playerErrorContent('Chapter not downloaded', 'not-downloaded')).toMatchObject({
      kind: 'not-downloaded',
      title: 'Chapter Not Downloaded',
    });
  });

  it('gives every page suggestions', () => {
    for (const message of ['not found', 'network', 'audio', 'transcript', 'other']) {
      expect(playerErrorContent(message).suggestions.length).toBeGreaterThan(0);
    }
  });
});
