import { describe, expect, it } from 'vitest';
import { mixedBatchText } from './batch-outcome-text';

describe('mixedBatchText', () => {
  it('says how many files of a mixed batch were uploaded and refused, and where each is', () => {
    expect(mixedBatchText({ card: 'audio', stored: 1, refused: 1 }, 'Audio Files')).toBe(
      'Audio Files: 1 file uploaded, 1 refused. The refusal is listed on the card; the uploaded file is in Manage Files.',
    );
    expect(mixedBatchText({ card: 'image', stored: 3, refused: 2 }, 'Images')).toBe(
      'Images: 3 files uploaded, 2 refused. The refusals are listed on the card; the uploaded files are in Manage Files.',
    );
  });

  it('says nothing of a batch wholly stored or wholly refused', () => {
    expect(mixedBatchText({ card: 'audio', stored: 2, refused: 0 }, 'Audio Files')).toBeNull();
    expect(mixedBatchText({ card: 'audio', stored: 0, refused: 2 }, 'Audio Files')).toBeNull();
  });
});
