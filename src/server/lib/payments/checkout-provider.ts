/**
 * What fulfilment needs to know about a card provider. Two implementations: Stripe Checkout
 * (stripe-provider.ts) and the built-in sandbox (modules/payments/sandbox-provider.ts), used when
 * Stripe is not configured. Both describe a checkout session with the same fields, so one piece
 * of code decides what a session is worth whichever provider took the payment.
 */

export type CheckoutProviderName = 'stripe' | 'sandbox';

/** A provider's view of one checkout session (Stripe's Checkout Session fields, camel-cased). */
export interface ProviderCheckoutSession {
  id: string;
  /** open: not finished; complete: the buyer finished checkout; expired: abandoned or cancelled. */
  status: 'open' | 'complete' | 'expired' | 'unknown';
  /** 'paid' only once the money is guaranteed (async methods may complete 'unpaid'). */
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required' | 'unknown';
  /** Smallest currency unit (cents). */
  amountTotal: number | null;
  currency: string | null;
  /** Our user id, as given when the session was created. */
  clientReferenceId: string | null;
}

/** A provider's notification about a session (Stripe's checkout.session.* webhook events). */
export type CheckoutEvent =
  | { type: 'completed' | 'async_payment_succeeded'; session: ProviderCheckoutSession }
  | { type: 'async_payment_failed'; session: ProviderCheckoutSession }
  | { type: 'expired'; session: ProviderCheckoutSession };

export interface CreateCheckoutInput {
  /** Our user_payments id: the idempotency key of the provider call. */
  paymentId: string;
  userId: string;
  amountCents: number;
  currency: 'usd';
  description: string;
  /** May contain the literal `{CHECKOUT_SESSION_ID}`, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutProvider {
  readonly name: CheckoutProviderName;
  createCheckoutSession(input: CreateCheckoutInput): Promise<{ id: string; url: string }>;
  /** null when the provider does not know the session. */
  retrieveCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession | null>;
}

/** Thrown when the provider cannot be reached or refuses a call; answered as 503. */
export class CheckoutProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CheckoutProviderError';
  }
}

/** The placeholder Stripe replaces with the session id in success URLs. */
export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
