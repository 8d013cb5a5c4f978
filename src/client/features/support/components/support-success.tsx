import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleAlert, Clock, Heart } from 'lucide-react';
import type { VerifyPaymentResponse } from '#shared/contracts/support';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { useAuth } from '#client/lib/auth/auth-context';
import { isApiError } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useVerifyPayment } from '../api/verify-payment';
import { formatDollars } from '../format-dollars';

/** Spec: the lifetime-access toast stays 8 seconds. */
export const LIFETIME_TOAST_MS = 8000;

/** Stripe's ids and ours: letters, digits and underscores. */
const SESSION_ID = /^[A-Za-z0-9_]{1,255}$/;

function Panel({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6 sm:py-24">
      <div className="mx-auto flex size-12 items-center justify-center text-accent-ink">{icon}</div>
      <h1 className="mt-6 text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
      <div className="mt-4 text-lg text-ink-muted">{children}</div>
      {actions ? <div className="mt-10 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </div>
  );
}

const homeLinks = (
  <>
    <Link to="/library" className={buttonClassName()}>
      Browse the Library
    </Link>
    <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
      Go Home
    </Link>
  </>
);

export interface SupportSuccessProps {
  /** Runs once when the payment is paid: refresh what depends on the membership. */
  onPaid?: () => void;
}

/**
 * /support-success: reads amount (display only) and session_id, shows verifying, then the
 * payment's state. Paid: the membership is refreshed and 'Lifetime Access Granted!' shows for 8 s
 * unless the account already had lifetime access (spec, section 4).
 */
export function SupportSuccess({ onPaid }: SupportSuccessProps) {
  const [params] = useSearchParams();
  const { status: authStatus } = useAuth();
  const sessionId = params.get('session_id') ?? '';
  const validSession = SESSION_ID.test(sessionId);
  const urlAmount = Number.parseInt(params.get('amount') ?? '', 10);
  const verification = useVerifyPayment(sessionId, validSession && authStatus === 'signed_in');
  const handledRef = useRef<string | null>(null);
  const data: VerifyPaymentResponse | undefined = verification.data;

  useEffect(() => {
    if (data?.payment_status !== 'paid' || handledRef.current === sessionId) return;
    handledRef.current = sessionId;
    onPaid?.();
    if (data.newlyGranted) {
      toast.success('Lifetime Access Granted!', {
        description: 'Thank you for your support. Every story is yours, for life.',
        duration: LIFETIME_TOAST_MS,
      });
    }
  }, [data, sessionId, onPaid]);

  if (!validSession) {
    return (
      <Panel
        icon={<CircleAlert aria-hidden="true" className="size-12" />}
        title="Support Payment"
        actions={homeLinks}
      >
        <p>
          There is no payment to verify here. After paying, the checkout brings you back to this
          page with your payment's details.
        </p>
      </Panel>
    );
  }
  if (authStatus === 'loading') return <Spinner label="Loading..." className="py-24" />;
  if (authStatus === 'signed_out') {
    return (
      <Panel
        icon={<CircleAlert aria-hidden="true" className="size-12" />}
        title="Sign In to Confirm Your Support"
        actions={
          <Link to="/auth" className={buttonClassName()}>
            Sign In
          </Link>
        }
      >
        <p>
          Your payment is safe. Sign in with the account you paid from, then come back to this page
          to confirm it.
        </p>
      </Panel>
    );
  }
  if (verification.isPending) {
    const label =
      Number.isInteger(urlAmount) && urlAmount > 0
        ? `Verifying your ${formatDollars(urlAmount)} payment...`
        : 'Verifying your payment...';
    return <Spinner label={label} className="py-24" />;
  }
  if (verification.isError) {
    const notFound = isApiError(verification.error) && verification.error.status === 404;
    return (
      <Panel
        icon={<CircleAlert aria-hidden="true" className="size-12" />}
        title={notFound ? 'Payment Not Found' : 'Verification Failed'}
        actions={
          notFound ? (
            homeLinks
          ) : (
            <>
              <Button onClick={() => void verification.refetch()}>Try Again</Button>
              <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
                Go Home
              </Link>
            </>
          )
        }
      >
        <p>
          {notFound
            ? 'We could not find this payment for your account.'
            : 'We could not verify your payment right now. Nothing is lost: please try again in a moment.'}
        </p>
      </Panel>
    );
  }

  const amount = formatDollars(data!.amountCents / 100);
  switch (data!.payment_status) {
    case 'paid':
      return (
        <Panel
          icon={<Heart aria-hidden="true" className="size-12" />}
          title="Thank You for Your Support!"
          actions={
            <>
              <Link to="/library" className={buttonClassName()}>
                Start Listening
              </Link>
              <Link to="/profile" className={buttonClassName({ variant: 'secondary' })}>
                View Your Profile
              </Link>
            </>
          }
        >
          <p>
            Your {amount} payment is confirmed. Your account has lifetime access to every story.
          </p>
        </Panel>
      );
    case 'pending':
      return (
        <Panel
          icon={<Clock aria-hidden="true" className="size-12" />}
          title="Payment Processing"
          actions={
            <>
              <Button
                onClick={() => void verification.refetch()}
                disabled={verification.isFetching}
              >
                {verification.isFetching ? 'Checking...' : 'Check Again'}
              </Button>
              <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
                Go Home
              </Link>
            </>
          }
        >
          <p>
            Your {amount} payment has not been confirmed yet. Some payment methods take a little
            while; lifetime access is granted as soon as it is.
          </p>
        </Panel>
      );
    default:
      return (
        <Panel
          icon={<CircleAlert aria-hidden="true" className="size-12" />}
          title="Payment Not Completed"
          actions={homeLinks}
        >
          <p>
            This {amount} payment was{' '}
            {data!.payment_status === 'expired' ? 'cancelled or expired' : 'not accepted'}. Nothing
            was granted. You can start a new one from the home page.
          </p>
        </Panel>
      );
  }
}
