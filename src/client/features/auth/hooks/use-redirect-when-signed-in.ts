import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '#client/lib/auth/auth-context';
import { useReturnPath } from './use-return-path';

/**
 * Sends a signed-in user back to the page that sent them, else / (after `delayMs`): the sign-in
 * and sign-up pages are for visitors.
 */
export function useRedirectWhenSignedIn(delayMs = 0): void {
  const { status } = useAuth();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  useEffect(() => {
    if (status !== 'signed_in') return;
    const timer = setTimeout(() => void navigate(returnPath, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [status, delayMs, navigate, returnPath]);
}
