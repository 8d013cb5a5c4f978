import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { explainLoginRequired } from '#client/lib/auth/explain-login-required';

/**
 * A page whose content the server refused with 401 (a story that requires login, opened by a
 * visitor) sends them to sign in, says why, and remembers where they were.
 */
export function useSignInWhenRefused(status: number | null) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (status !== 401) return;
    explainLoginRequired();
    void navigate('/auth', { replace: true, state: { from: location.pathname } });
  }, [status, navigate, location.pathname]);
}
