import { Navigate, useSearchParams } from 'react-router';
import { RETURN_PATH_PARAM, safeReturnPath, withReturnPath } from '#shared/return-path';
import { Spinner } from '#client/components/ui/spinner';
import { PlacementPage } from '#client/features/placement/components/placement-page';
import { useAuth } from '#client/lib/auth/auth-context';
import { useDocumentTitle } from '#client/lib/document-title';

/**
 * /placement: its own lazy chunk. `next` is where Skip for Now and Continue go (the page the
 * sign-up came from, or the profile); a visitor is sent to sign in first.
 */
export default function PlacementRoute() {
  const { status, user } = useAuth();
  const [params] = useSearchParams();
  useDocumentTitle('Find Your Level');
  const next = safeReturnPath(params.get(RETURN_PATH_PARAM));
  const nextPath = next.split(/[?#]/, 1)[0]!.replace(/\/+$/, '') === '/placement' ? '/' : next;
  if (status === 'loading') return <Spinner className="py-24" />;
  if (user === null) {
    return (
      <Navigate to={withReturnPath('/auth', withReturnPath('/placement', nextPath))} replace />
    );
  }
  return <PlacementPage nextPath={nextPath} />;
}
