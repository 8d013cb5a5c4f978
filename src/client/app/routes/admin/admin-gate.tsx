import { useEffect, type ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { buttonClassName } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { useAuth } from '#client/lib/auth/auth-context';
import { useDocumentTitle } from '#client/lib/document-title';

/** Admin spec: the 'Access Denied' view, then a redirect to /. */
export const ACCESS_DENIED_REDIRECT_MS = 2000;

function AccessDenied() {
  const navigate = useNavigate();
  useDocumentTitle('Access Denied');
  useEffect(() => {
    const timer = setTimeout(
      () => void navigate('/', { replace: true }),
      ACCESS_DENIED_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6 sm:py-24">
      <ShieldAlert aria-hidden="true" className="mx-auto size-12 text-accent-ink" />
      <h1 className="mt-4 text-3xl font-semibold">Access Denied</h1>
      <p className="mt-3 text-lg text-ink-muted">
        You don&apos;t have permission to access the admin panel.
      </p>
      <p className="mt-2 text-sm text-ink-muted">Taking you to the home page...</p>
      <Link to="/" replace className={buttonClassName({ className: 'mt-8' })}>
        Go Home
      </Link>
    </div>
  );
}

/**
 * The gate of /admin/*: a spinner while the session loads, /auth for visitors, 'Access Denied'
 * for anyone whose role is not admin. The server checks every admin route as well; this only
 * spares a non-admin a page of failing requests.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const { pathname } = useLocation();
  if (status === 'loading') return <Spinner className="py-24" />;
  // After signing in, the visitor comes back to this admin page (the sign-in page reads `from`).
  if (user === null) return <Navigate to="/auth" replace state={{ from: pathname }} />;
  if (user.role !== 'admin') return <AccessDenied />;
  return children;
}
