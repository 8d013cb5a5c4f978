import type { FastifyBaseLogger } from 'fastify';
import {
  LIFETIME_MEMBERSHIP_LEVEL,
  SUPPORT_CUSTOM_DESCRIPTION,
  SUPPORT_CUSTOM_MAX,
  SUPPORT_CUSTOM_MIN,
  SUPPORT_DESCRIPTION_MAX,
  SUPPORT_PRESET_TIERS,
  SUPPORT_TIER_1_DEFAULTS,
  type CreateDonationBody,
  type PaymentServiceName,
  type SupportStatus,
  type UpdateSupportSettingsBody,
} from '#shared/contracts/support';
import type { AppConfig } from '../../config/env.ts';
import type { TransactionRunner } from '../../db/repository.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import {
  badRequest,
  conflict,
  notFound,
  rateLimited,
  serviceUnavailable,
} from '../../lib/errors.ts';
import {
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  CheckoutProviderError,
  type CheckoutEvent,
  type CheckoutProvider,
  type ProviderCheckoutSession,
} from '../../lib/payments/checkout-provider.ts';
import { WebhookSignatureError, type StripeProvider } from '../../lib/payments/stripe-provider.ts';
import type { Actor, RequestOrigin } from '../../lib/actor.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

/** Creating checkout sessions costs provider calls: 20 an hour per account is plenty for people. */
export const donationRateRule: RateLimitRule = {
  action: 'donation',
  limit: 20,
  windowMs: 60 * 60_000,
};

export interface PaymentsServiceDeps {
  payments: PaymentsRepository;
  transaction: TransactionRunner;
  publicUrl: string;
  /** Card payments through Stripe, when STRIPE_SECRET_KEY is set. */
  stripe: StripeProvider | null;
  /** The built-in test checkout; never in production. */
  sandbox: SandboxProvider | null;
  audit: AuditLog;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}

type Tier = SupportStatus['tiers'][number];

function wholeDollars(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value.trim())) return null;
  const amount = Number.parseInt(value, 10);
  return amount >= SUPPORT_CUSTOM_MIN && amount <= SUPPORT_CUSTOM_MAX ? amount : null;
}

/** The spec's tiers: the first from settings (invalid values fall back to its defaults). */
function tiersFrom(settings: Map<string, string>): Tier[] {
  const description = settings.get('support_tier_1_description')?.trim();
  return [
    {
      id: 'tier_1',
      amount: wholeDollars(settings.get('support_tier_1_amount')) ?? SUPPORT_TIER_1_DEFAULTS.amount,
      description:
        description && description.length <= SUPPORT_DESCRIPTION_MAX
          ? description
          : SUPPORT_TIER_1_DEFAULTS.description,
    },
    ...SUPPORT_PRESET_TIERS.map((tier) => ({ ...tier })),
  ];
}

/** Only http(s) addresses become links on our pages. */
function safeExternalUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Donations and lifetime access. One fulfilment (`applyCheckoutEvent`) serves the Stripe webhook,
 * the success page's verification and the sandbox checkout; it is idempotent (a conditional
 * UPDATE decides which caller moves a payment to paid) and compares the provider's total with the
 * amount recorded when the payment was created.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { payments, transaction, publicUrl, stripe, sandbox, audit, limiter, log } = deps;
  const cardProvider: CheckoutProvider | null = stripe ?? sandbox;

  const providerFor = (name: string): CheckoutProvider | null =>
    name === 'stripe' ? stripe : name === 'sandbox' ? sandbox : null;

  async function getStatus(): Promise<SupportStatus> {
    const [settings, services] = await Promise.all([
      payments.readSupportSettings(),
      payments.listPaymentServices(),
    ]);
    const card = services.find((service) => service.serviceName === 'stripe');
    const wallet = services.find((service) => service.serviceName === 'paypal');
    const cardEnabled = Boolean(card?.isEnabled) && cardProvider !== null;
    const walletUrl = safeExternalUrl(wallet?.configuration.url);
    const walletEnabled = Boolean(wallet?.isEnabled) && walletUrl !== null;
    return {
      enabled: settings.get('support_enabled') === 'true' && (cardEnabled || walletEnabled),
      tiers: tiersFrom(settings),
      card: { enabled: cardEnabled, sandbox: cardEnabled && cardProvider?.name === 'sandbox' },
      wallet: { enabled: walletEnabled, url: walletEnabled ? walletUrl : null },
    };
  }

  /** Marks a payment failed when the provider's total differs from what we recorded. */
  async function refuseMismatch(
    payment: PaymentRow,
    session: ProviderCheckoutSession,
    source: string,
    origin: RequestOrigin,
  ) {
    const failed = await payments.transitionPayment(payment.id, ['pending', 'expired'], 'failed');
    if (!failed) return;
    log.warn(
      { paymentId: payment.id, sessionId: session.id, source },
      'payment refused: amount mismatch',
    );
    await audit.record({
      action: 'payment_amount_mismatch',
      userId: payment.userId,
      targetUserId: payment.userId,
      origin,
      details: {
        checkout_session_id: session.id,
        provider: payment.provider,
        source,
        expected_amount: payment.amount,
        expected_currency: payment.currency,
        provider_amount: session.amountTotal,
        provider_currency: session.currency,
      },
    });
  }

  /**
   * The one fulfilment. A session we did not create, an unfinished or unpaid one, or one whose
   * total does not match grants nothing; a paid one marks its payment paid and grants lifetime
   * access, exactly once however many times (and in whatever order) it is reported.
   */
  async function applyCheckoutEvent(
    event: CheckoutEvent,
    source: 'webhook' | 'verify' | 'sandbox',
    origin: RequestOrigin,
  ): Promise<void> {
    const { session } = event;
    const payment = await payments.findPaymentBySession(session.id);
    if (!payment) {
      log.info({ sessionId: session.id, source }, 'checkout event for an unknown session ignored');
      return;
    }
    if (payment.paymentStatus === 'paid' || payment.paymentStatus === 'failed') return;

    if (event.type === 'async_payment_failed') {
      await payments.transitionPayment(payment.id, ['pending'], 'failed');
      return;
    }
    if (session.status === 'expired') {
      await payments.transitionPayment(payment.id, ['pending'], 'expired');
      return;
    }
    if (session.status !== 'complete' || session.paymentStatus !== 'paid') return;

    const sameTotal =
      session.amountTotal === payment.amount &&
      (session.currency ?? '').toLowerCase() === payment.currency;
    if (!sameTotal) {
      await refuseMismatch(payment, session, source, origin);
      return;
    }
    if (payment.userId !== null && session.clientReferenceId !== payment.userId) {
      log.warn(
        { paymentId: payment.id, sessionId: session.id, source },
        'payment refused: the session belongs to another account',
      );
      await payments.transitionPayment(payment.id, ['pending', 'expired'], 'failed');
      return;
    }

    await transaction(async (tx) => {
      const paid = await payments
        .in(tx)
        .transitionPayment(payment.id, ['pending', 'expired'], 'paid');
      // Another delivery got here first, or the account was deleted meanwhile (the record stays).
      if (!paid?.userId) return;
      const granted = await payments
        .in(tx)
        .grantLifetimeAccess(paid.userId, LIFETIME_MEMBERSHIP_LEVEL);
      log.info(
        { paymentId: paid.id, userId: paid.userId, source, newlyGranted: Boolean(granted) },
        'payment fulfilled',
      );
    });
  }

  async function getSupportSettings() {
    const settings = await payments.readSupportSettings();
    const [tier1] = tiersFrom(settings);
    return {
      support_enabled: settings.get('support_enabled') === 'true' ? 'true' : 'false',
      support_tier_1_amount: String(tier1!.amount),
      support_tier_1_description: tier1!.description,
    } as const;
  }

  function amountFor(body: CreateDonationBody, tiers: Tier[]) {
    if (body.tier === 'custom') {
      return {
        dollars: body.amount!,
        description: body.description ?? SUPPORT_CUSTOM_DESCRIPTION,
      };
    }
    const tier = tiers.find((candidate) => candidate.id === body.tier)!;
    return { dollars: tier.amount, description: tier.description };
  }

  return {
    /** Whether the home page shows the support section, and with what. */
    getStatus,

    /**
     * Applies ENABLE_PAYMENT_SERVICES and PAYPAL_URL at start (runtime.ts). Listed services are
     * switched on; unlisted ones keep their stored state, so an administrator's choices survive
     * restarts. PAYPAL_URL becomes the wallet provider's hosted page.
     */
    async applyConfiguredServices(
      settings: AppConfig['payments'],
      report: (message: string) => void = () => undefined,
    ): Promise<void> {
      if (settings.paypalUrl) await payments.setPaymentServiceUrl('paypal', settings.paypalUrl);
      if (settings.enableServices.length > 0) {
        await payments.enablePaymentServices(settings.enableServices);
        report(`payment services enabled: ${settings.enableServices.join(', ')}`);
      }
      if (settings.enableServices.includes('stripe') && !settings.stripeSecretKey) {
        report('card payments use the built-in sandbox checkout (STRIPE_SECRET_KEY is not set)');
      }
      if (settings.enableServices.includes('paypal')) {
        const wallet = await payments.findPaymentService('paypal');
        if (typeof wallet?.configuration.url !== 'string') {
          report('the wallet button stays hidden until PAYPAL_URL is set');
        }
      }
    },

    /** The spec's get_payment_service_status. */
    async getServiceStatus(serviceName: PaymentServiceName) {
      const row = await payments.findPaymentService(serviceName);
      return { is_enabled: row?.isEnabled ?? false };
    },

    /**
     * A pending payment and a checkout session for it. The amount comes from the tier or the
     * validated custom amount, never from anything else the client sends.
     */
    async createDonation(userId: string, body: CreateDonationBody, origin: RequestOrigin) {
      const status = await getStatus();
      if (!status.enabled || !status.card.enabled || !cardProvider) {
        throw conflict('Card payments are not available right now');
      }
      const verdict = await limiter.hit(donationRateRule, userId, origin);
      if (!verdict.allowed) {
        throw rateLimited('Too many payment attempts. Please try again later.', {
          retryAfterSeconds: verdict.retryAfterSeconds,
        });
      }
      const { dollars, description } = amountFor(body, status.tiers);
      const amountCents = dollars * 100;
      const payment = await payments.insertPendingPayment({
        userId,
        amount: amountCents,
        description,
        provider: cardProvider.name,
      });
      let session: { id: string; url: string };
      try {
        session = await cardProvider.createCheckoutSession({
          paymentId: payment.id,
          userId,
          amountCents,
          currency: 'usd',
          description,
          successUrl: `${publicUrl}/support-success?amount=${dollars}&session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`,
          cancelUrl: `${publicUrl}/`,
        });
      } catch (error) {
        await payments.transitionPayment(payment.id, ['pending'], 'failed');
        log.error({ err: error, paymentId: payment.id }, 'checkout session could not be created');
        throw serviceUnavailable('The payment provider could not be reached. Please try again.');
      }
      await payments.attachCheckoutSession(payment.id, session.id);
      return { url: session.url, sessionId: session.id };
    },

    /**
     * The success page asks: the provider is consulted for a pending payment (through the same
     * fulfilment as the webhook). Sessions of other accounts are reported as unknown.
     */
    async verify(userId: string, sessionId: string, origin: RequestOrigin) {
      const payment = await payments.findPaymentBySession(sessionId);
      if (!payment || payment.userId !== userId) throw notFound('Payment not found');
      if (payment.paymentStatus === 'pending') {
        const provider = providerFor(payment.provider);
        if (!provider) throw serviceUnavailable('The payment provider is not configured');
        let session: ProviderCheckoutSession | null;
        try {
          session = await provider.retrieveCheckoutSession(sessionId);
        } catch (error) {
          if (!(error instanceof CheckoutProviderError)) throw error;
          log.error({ err: error, sessionId }, 'payment provider unreachable during verification');
          throw serviceUnavailable('The payment provider could not be reached. Please try again.');
        }
        if (session) await applyCheckoutEvent({ type: 'completed', session }, 'verify', origin);
      }
      const current = (await payments.findPaymentById(payment.id)) ?? payment;
      const membership = await payments.findMembership(userId);
      const grantedByThisPayment =
        current.paymentStatus === 'paid' &&
        membership?.hasLifetimeAccess === true &&
        membership.grantedAt !== null &&
        membership.grantedAt.getTime() >= payment.createdAt.getTime();
      // Said once per payment (whichever of the webhook and this call granted it): a reload of
      // the success page must not toast the grant again.
      const newlyGranted =
        grantedByThisPayment && (await payments.claimGrantAnnouncement(current.id));
      return {
        payment_status: current.paymentStatus,
        amountCents: current.amount,
        newlyGranted,
      };
    },

    /** Stripe's webhook: signature (and its age) checked on the raw body before anything else. */
    async handleStripeWebhook(
      rawBody: Buffer,
      signature: string | undefined,
      origin: RequestOrigin,
    ) {
      if (!stripe?.webhooksConfigured) {
        throw serviceUnavailable('Stripe webhooks are not configured');
      }
      let event: CheckoutEvent | null;
      try {
        event = stripe.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          log.warn({ reason: error.message }, 'webhook refused: bad signature');
          throw badRequest('Invalid webhook signature');
        }
        throw error;
      }
      if (event) await applyCheckoutEvent(event, 'webhook', origin);
      return { received: true as const };
    },

    /** The built-in checkout (confirm and cancel go through fulfilment); null in production. */
    sandbox: sandbox && {
      view: sandbox.view,
      async confirm(userId: string, sessionId: string, origin: RequestOrigin) {
        const result = await sandbox.confirm(userId, sessionId);
        if (result.outcome === 'paid' && result.event) {
          await applyCheckoutEvent(result.event, 'sandbox', origin);
        }
        return result;
      },
      async cancel(userId: string, sessionId: string, origin: RequestOrigin) {
        const result = await sandbox.cancel(userId, sessionId);
        if (result.outcome === 'cancelled' && result.event) {
          await applyCheckoutEvent(result.event, 'sandbox', origin);
        }
        return result;
      },
    },

    getSupportSettings,

    /**
     * An administrator's change of the support switch or first tier, written with its audit entry
     * (`support_settings_updated`, each changed key as `before → after`) in one transaction;
     * values sent unchanged are not recorded.
     */
    async updateSupportSettings(changes: UpdateSupportSettingsBody, actor: Actor) {
      const entries: Record<string, string> = {};
      if (changes.support_enabled !== undefined) entries.support_enabled = changes.support_enabled;
      if (changes.support_tier_1_amount !== undefined) {
        entries.support_tier_1_amount = String(changes.support_tier_1_amount);
      }
      if (changes.support_tier_1_description !== undefined) {
        entries.support_tier_1_description = changes.support_tier_1_description;
      }
      await transaction(async (tx) => {
        const before = await payments.in(tx).readSupportSettings();
        const changed = Object.entries(entries).filter(([key, value]) => before.get(key) !== value);
        if (changed.length === 0) return;
        await payments.in(tx).writeSupportSettings(Object.fromEntries(changed));
        await audit.in(tx).record({
          action: 'support_settings_updated',
          userId: actor.userId,
          origin: actor.origin,
          details: Object.fromEntries(
            changed.map(([key, value]) => [key, `${before.get(key) ?? '(not set)'} → ${value}`]),
          ),
        });
      });
      return getSupportSettings();
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
