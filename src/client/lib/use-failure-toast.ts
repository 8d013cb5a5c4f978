import { useEffect } from 'react';
import { toast } from '#client/lib/toast';

/**
 * Shows an error toast each time `failed` becomes true. The title doubles as the toast id, so a
 * repeated failure replaces its toast instead of stacking a copy.
 */
export function useFailureToast(failed: boolean, title: string, description?: string): void {
  useEffect(() => {
    if (failed) toast.error(title, { id: title, description });
  }, [failed, title, description]);
}
