import { describe, expect, it, vi } from 'vitest';
import { shareOrCopy } from './share-link';

const data = { title: 'El faro', url: 'https://relatos.example/story/el-faro' };

describe('shareOrCopy', () => {
  it('uses the native share dialog when there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    expect(await shareOrCopy(data, { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats a cancelled dialog as nothing to do', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('x', 'AbortError'));
    const writeText = vi.fn();
    expect(await shareOrCopy(data, { share, clipboard: { writeText } })).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link without a dialog, or when sharing fails', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await shareOrCopy(data, { clipboard: { writeText } })).toBe('copied');
    const share = vi.fn().mockRejectedValue(new DOMException('x', 'NotAllowedError'));
    expect(await shareOrCopy(data, { share, clipboard: { writeText } })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.url);
  });

  it('reports a failure when the link cannot be copied either', async () => {
    expect(await shareOrCopy(data, {})).toBe('failed');
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    expect(await shareOrCopy(data, { clipboard: { writeText } })).toBe('failed');
  });
});
