import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '#client/lib/auth/auth-context';

/** Sends a signed-in user to / (after `delayMs`): the sign-in and sign-up pages are for visitors. */
export function useRedirectWhenSignedIn(delayMs = 0): void {
  const { status } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (status !== 'signed_in') return;
    const timer = setTimeout(() => void navigate('/', { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [status, delayMs, navigate]);
}
