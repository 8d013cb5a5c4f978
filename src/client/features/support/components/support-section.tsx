import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { ExternalLink, Heart } from 'lucide-react';
import {
  SUPPORT_CUSTOM_MAX,
  SUPPORT_CUSTOM_MIN,
  type CreateDonationBody,
  type SupportStatus,
} from '#shared/contracts/support';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { Input } from '#client/components/ui/input';
import { Spinner } from '#client/components/ui/spinner';
import { usePaymentServiceStatus } from '#client/lib/api/support/get-payment-service-status';
import { useSupportStatus } from '#client/lib/api/support/get-support-status';
import { useAuth } from '#client/lib/auth/auth-context';
import { cn } from '#client/lib/cn';
import { useSiteIdentity } from '#client/lib/site-identity';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import { useCreateDonation } from '../api/create-donation';
import { formatDollars } from '../format-dollars';
import { customAmountFrom, customDonationFormSchema } from '../support-rules';

const TITLE_ID = 'support-title';

/**
 * Opens the checkout in a new tab. The tab is opened during the click (browsers block windows
 * opened later, after the request) and pointed at the checkout once the server answers; without
 * a tab (blocked anyway) this page goes there instead.
 */
function openCheckoutTab() {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.opener = null;
    try {
      tab.document.title = 'Processing your support...';
      tab.document.body.textContent = 'Processing your support...';
    } catch {
      // Some browsers keep the new tab's document to themselves; the blank tab is fine.
    }
  }
  return {
    go(url: string) {
      if (tab && !tab.closed) tab.location.href = url;
      else window.location.assign(url);
    },
    close() {
      tab?.close();
    },
  };
}

function WalletButton({ url }: { url: string }) {
  // Spec: hidden when the wallet service is disabled or its status cannot be fetched.
  const service = usePaymentServiceStatus('paypal');
  if (!service.data?.is_enabled) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClassName({ variant: 'secondary', size: 'lg' })}
    >
      Donate with PayPal
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function SupportOptions({ status }: { status: SupportStatus }) {
  const donation = useCreateDonation();
  const { name } = useSiteIdentity();
  const hintId = useId();
  const { control, register, handleSubmit } = useSchemaForm(customDonationFormSchema, {
    defaultValues: { amount: '' },
    shouldFocusError: false,
  });
  const customAmount = customAmountFrom(useWatch({ control, name: 'amount' }));
  const busy = donation.isPending;

  function donate(body: CreateDonationBody) {
    if (busy) return;
    const checkout = openCheckoutTab();
    donation.mutate(body, {
      onSuccess: ({ url }) => checkout.go(url),
      onError: () => {
        checkout.close();
        toast.error('Error', { description: 'Failed to process support. Please try again.' });
      },
    });
  }

  const onCustomSubmit = handleSubmit(donate);

  return (
    <>
      <div className="max-w-2xl">
        <h2 id={TITLE_ID} className="text-3xl font-semibold tracking-tight">
          Support {name}
        </h2>
        <p className="mt-3 text-lg text-ink-muted">
          Your support keeps new stories and recordings coming. Every payment, whatever its size,
          gives your account lifetime access.
        </p>
      </div>

      {status.card.enabled ? (
        <>
          <ul className="mt-8 grid gap-4 sm:grid-cols-3">
            {status.tiers.map((tier) => (
              <li key={tier.id} className="flex">
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => donate({ tier: tier.id })}
                  className={cn(
                    'flex w-full flex-col items-center gap-1 rounded-2xl border border-line bg-surface px-6 py-6',
                    'shadow-sm shadow-ink/5 transition-colors hover:border-accent hover:bg-accent-soft',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
                    'disabled:pointer-events-none disabled:opacity-60',
                  )}
                >
                  <span className="text-3xl font-semibold text-ink">
                    {formatDollars(tier.amount)}
                  </span>
                  <span className="text-ink-muted">{tier.description}</span>
                </button>
              </li>
            ))}
          </ul>

          <form
            onSubmit={(event) => void onCustomSubmit(event)}
            className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <Field label="Custom amount (USD)" className="sm:w-64">
              <Input
                type="number"
                inputMode="numeric"
                min={SUPPORT_CUSTOM_MIN}
                max={SUPPORT_CUSTOM_MAX}
                step={1}
                placeholder="Enter amount"
                aria-describedby={hintId}
                disabled={busy}
                {...register('amount')}
              />
            </Field>
            <Button type="submit" size="lg" disabled={busy || customAmount === null}>
              <Heart aria-hidden="true" className="size-4" />
              Support
            </Button>
          </form>
          <p id={hintId} className="mt-2 text-sm text-ink-muted">
            Whole dollars, from {formatDollars(SUPPORT_CUSTOM_MIN)} to{' '}
            {formatDollars(SUPPORT_CUSTOM_MAX)}. The checkout opens in a new tab.
            {status.card.sandbox ? ' Test mode: no card is charged.' : null}
          </p>
        </>
      ) : null}

      {status.wallet.enabled && status.wallet.url ? (
        <div className="mt-6">
          <WalletButton url={status.wallet.url} />
        </div>
      ) : null}

      {busy ? <Spinner label="Processing your support..." className="mt-6 justify-start" /> : null}
    </>
  );
}

function JoinToSupport() {
  return (
    <div className="max-w-2xl">
      <h2 id={TITLE_ID} className="text-3xl font-semibold tracking-tight">
        Join to Support Us
      </h2>
      <p className="mt-3 text-lg text-ink-muted">
        Supporters get lifetime access to every story. Create a free account first, then choose how
        much you would like to give.
      </p>
      <Link to="/onboarding" className={cn(buttonClassName({ size: 'lg' }), 'mt-6')}>
        Create Account & Support
      </Link>
    </div>
  );
}

/**
 * The home page's support section. Shown only when support is enabled and the card or the wallet
 * service is on; hidden while that is loading or when it cannot be read.
 */
export function SupportSection() {
  const { status: authStatus } = useAuth();
  const support = useSupportStatus();
  if (!support.data?.enabled) return null;
  return (
    <section aria-labelledby={TITLE_ID} className="border-t border-line bg-surface-muted/60">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        {authStatus === 'signed_in' ? (
          <SupportOptions status={support.data} />
        ) : authStatus === 'signed_out' ? (
          <JoinToSupport />
        ) : (
          <Spinner />
        )}
      </div>
    </section>
  );
}

export default SupportSection;
