import Stripe from 'stripe';
import type {
  CheckoutEvent,
  CheckoutProvider,
  CreateCheckoutInput,
  ProviderCheckoutSession,
} from './checkout-provider.ts';
import { CheckoutProviderError } from './checkout-provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  /** Signs webhooks; without it `parseWebhook` refuses every delivery. */
  webhookSecret?: string;
  /** Another API address (tests: a local fake of Stripe's API over plain HTTP). */
  apiBase?: string;
}

/** Stripe's default: a signature older than 5 minutes is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

function clientConfig(apiBase: string | undefined): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = { telemetry: false, maxNetworkRetries: 1, timeout: 20_000 };
  if (!apiBase) return config;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    ...config,
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

const knownStatus = (value: string | null): ProviderCheckoutSession['status'] =>
  value === 'open' || value === 'complete' || value === 'expired' ? value : 'unknown';

const knownPaymentStatus = (value: string): ProviderCheckoutSession['paymentStatus'] =>
  value === 'paid' || value === 'unpaid' || value === 'no_payment_required' ? value : 'unknown';

export function toProviderSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  return {
    id: session.id,
    status: knownStatus(session.status),
    paymentStatus: knownPaymentStatus(session.payment_status),
    amountTotal: session.amount_total,
    currency: session.currency,
    clientReferenceId: session.client_reference_id,
  };
}

const eventTypes: Record<string, CheckoutEvent['type']> = {
  'checkout.session.completed': 'completed',
  'checkout.session.async_payment_succeeded': 'async_payment_succeeded',
  'checkout.session.async_payment_failed': 'async_payment_failed',
  'checkout.session.expired': 'expired',
};

export function createStripeProvider(options: StripeProviderOptions) {
  const stripe = new Stripe(options.secretKey, clientConfig(options.apiBase));

  const provider: CheckoutProvider & {
    /**
     * Verifies the signature on the raw body (and its timestamp, against replays), then reads the
     * checkout event it carries; null for the event types we do not handle.
     */
    parseWebhook(rawBody: Buffer, signature: string | undefined): CheckoutEvent | null;
    readonly webhooksConfigured: boolean;
  } = {
    name: 'stripe',
    webhooksConfigured: options.webhookSecret !== undefined,

    async createCheckoutSession(input: CreateCheckoutInput) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: input.userId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency,
                  unit_amount: input.amountCents,
                  product_data: { name: input.description },
                },
              },
            ],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata: { payment_id: input.paymentId, user_id: input.userId },
          },
          { idempotencyKey: `donation-${input.paymentId}` },
        );
        if (!session.url) throw new CheckoutProviderError('Stripe returned no checkout URL');
        return { id: session.id, url: session.url };
      } catch (error) {
        if (error instanceof CheckoutProviderError) throw error;
        throw new CheckoutProviderError('Stripe could not create the checkout session', {
          cause: error,
        });
      }
    },

    async retrieveCheckoutSession(sessionId: string) {
      try {
        return toProviderSession(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
        throw new CheckoutProviderError('Stripe could not be asked about the session', {
          cause: error,
        });
      }
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined) {
      if (!options.webhookSecret) throw new WebhookSignatureError('Webhooks are not configured');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : 'Invalid webhook signature',
        );
      }
      const type = eventTypes[event.type];
      if (!type) return null;
      const session = toProviderSession(event.data.object as Stripe.Checkout.Session);
      return { type, session } as CheckoutEvent;
    },
  };
  return provider;
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
