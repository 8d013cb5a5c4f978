export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

interface ShareCapable {
  share?: (data: ShareData) => Promise<void>;
  clipboard?: Pick<Clipboard, 'writeText'>;
}

const isAbort = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

/**
 * The native share dialog when there is one (a cancelled dialog is not an error); otherwise, or
 * when sharing fails, the link is copied to the clipboard.
 */
export async function shareOrCopy(
  data: { title: string; text?: string; url: string },
  nav: ShareCapable = navigator,
): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share(data);
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
    }
  }
  try {
    if (!nav.clipboard) return 'failed';
    await nav.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
