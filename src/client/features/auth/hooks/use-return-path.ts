import { useLocation, useSearchParams } from 'react-router';
import { RETURN_PATH_PARAM, safeReturnPath } from '#shared/return-path';

/**
 * The same-site page an auth page returns the learner to: its `next` parameter, else the page a
 * refused request came from (router state), else `/`.
 */
export function useReturnPath(): string {
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { from?: unknown } | null };
  return safeReturnPath(params.get(RETURN_PATH_PARAM) ?? state?.from);
}
