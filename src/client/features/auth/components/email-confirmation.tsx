import { useEffect, useRef, useState } from 'react';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { toast } from '#client/lib/toast';
import { useAuth } from '#client/lib/auth/auth-context';
import { getPendingConfirmationEmail, takePendingReturnPath } from '#client/lib/auth/auth-storage';
import { messages } from '#shared/messages';
import { PAGE_PATHS } from '#shared/page-routes';
import { withReturnPath } from '#shared/return-path';
import { resendConfirmation } from '../api/resend-confirmation';
import { isRefusal } from '../auth-errors';
import { getConfirmationStart } from '../email-confirmation-start';
import { AuthCard } from './auth-card';

/**
 * Spec: success redirects after 2 seconds; to placement (decision 071), which goes on to / or the
 * page the sign-up came from.
 */
export const CONFIRMATION_REDIRECT_MS = 2000;

type View = 'loading' | 'success' | 'already-confirmed' | 'expired' | 'error';

function ResendButton() {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);

  async function onResend() {
    const email = getPendingConfirmationEmail();
    if (email === null) {
      toast.error('Email not found', { description: 'Please try signing up again.' });
      void navigate('/onboarding');
      return;
    }
    setSending(true);
    try {
      await resendConfirmation(email);
      toast.success('Confirmation email sent!', { description: `Check ${email} for a new link.` });
    } catch (error) {
      // A refusal (too many requests, say) comes with its reason.
      if (isRefusal(error)) toast.error('Failed to resend email', { description: error.message });
      else toast.error('Failed to resend email');
    } finally {
      setSending(false);
    }
  }

  return (
    <Button
      className="w-full"
      disabled={sending}
      aria-busy={sending}
      onClick={() => void onResend()}
    >
      {sending ? 'Sending...' : 'Resend Confirmation Email'}
    </Button>
  );
}

const signInLink = (
  <Link to="/auth" className={buttonClassName({ variant: 'secondary', className: 'w-full' })}>
    Go to Sign In
  </Link>
);

/** The view of a link the server refused: opened again after confirming, expired, or failed. */
function viewOfRefusal(error: unknown): View {
  if (!isRefusal(error)) return 'error';
  if (error.code === 'ALREADY_CONFIRMED') return 'already-confirmed';
  return error.code === 'TOKEN_EXPIRED' ? 'expired' : 'error';
}

/**
 * /email-confirmation: loading, then success, expired or error (spec, section 4), or already
 * confirmed for a used link of a confirmed account (issue 14).
 */
export function EmailConfirmation() {
  const [params] = useSearchParams();
  const { status, confirmEmail } = useAuth();
  const navigate = useNavigate();
  const [view, setView] = useState<View>('loading');
  // A link works once: confirm it once, whatever re-renders or re-runs effects.
  const startedRef = useRef(false);

  useEffect(() => {
    if (status === 'loading' || startedRef.current) return;
    startedRef.current = true;
    const start = getConfirmationStart(params, { signedIn: status === 'signed_in' });
    if (start.state !== 'confirm') {
      setView(start.state);
      return;
    }
    confirmEmail(start.token).then(
      () => setView('success'),
      (error: unknown) => setView(viewOfRefusal(error)),
    );
  }, [status, params, confirmEmail]);

  // A new learner is offered placement first (decision 071); its Skip for Now, and its end, go
  // back to the page the sign-up came from when this browser kept it (taken once, so an effect
  // run twice does not lose it).
  const targetRef = useRef<string | null>(null);
  const [target, setTarget] = useState<string>(PAGE_PATHS.placement);
  useEffect(() => {
    if (view !== 'success') return;
    const next = (targetRef.current ??= withReturnPath(
      PAGE_PATHS.placement,
      takePendingReturnPath(),
    ));
    setTarget(next);
    const timer = setTimeout(
      () => void navigate(next, { replace: true }),
      CONFIRMATION_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [view, navigate]);

  switch (view) {
    case 'loading':
      return (
        <AuthCard title="Confirming Your Email">
          <Spinner label="Confirming your email..." className="py-6" />
        </AuthCard>
      );
    case 'success':
      return (
        <AuthCard
          title="Email Confirmed!"
          icon={<CircleCheck aria-hidden="true" className="size-12 text-level-beginner-ink" />}
          description="Your email address is confirmed and you are signed in. Next, a short placement finds the stories at your level: you can skip it."
        >
          <Link to={target} replace className={buttonClassName({ className: 'w-full' })}>
            Find My Level
          </Link>
        </AuthCard>
      );
    case 'already-confirmed':
      return (
        <AuthCard
          title={messages.auth.alreadyConfirmed}
          icon={<CircleCheck aria-hidden="true" className="size-12 text-level-beginner-ink" />}
          description="This link was used before and your email address is confirmed. Sign in to continue."
        >
          <Link to="/auth" className={buttonClassName({ className: 'w-full' })}>
            Sign In
          </Link>
        </AuthCard>
      );
    case 'expired':
      return (
        <AuthCard
          title="Confirmation Link Expired"
          icon={<Clock aria-hidden="true" className="size-12 text-accent-ink" />}
          description="Confirmation links work for 24 hours and this one has expired. We can send you a new one."
        >
          <div className="flex flex-col gap-3">
            <ResendButton />
            {signInLink}
          </div>
        </AuthCard>
      );
    case 'error':
      return (
        <AuthCard
          title="Confirmation Failed"
          icon={<CircleX aria-hidden="true" className="size-12 text-accent-ink" />}
          description="This confirmation link is invalid or has already been used. If your email is already confirmed, sign in; otherwise ask for a new link."
        >
          <div className="flex flex-col gap-3">
            <ResendButton />
            {signInLink}
          </div>
        </AuthCard>
      );
  }
}
