import { randomBytes } from 'node:crypto';
import {
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  type CheckoutEvent,
  type CheckoutProvider,
  type ProviderCheckoutSession,
} from '../../lib/payments/checkout-provider.ts';
import type { PaymentsRepository, SandboxSessionRow as SandboxRow } from './payments.repository.ts';

/** Like Stripe's Checkout Sessions, a sandbox session can be paid for 24 hours. */
export const SANDBOX_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const SANDBOX_SESSION_PREFIX = 'cs_sandbox_';

export type SandboxView =
  | { state: 'not_found' }
  | { state: 'open' | 'complete' | 'expired'; session: SandboxRow; successUrl: string };

/**
 * The built-in checkout used when Stripe is not configured: a page served by our own server
 * (sandbox-page.ts) where the buyer confirms or cancels a test payment. Its sessions live in
 * their own table and it reports them with Stripe's fields and events, so fulfilment cannot tell
 * the two providers apart. No money moves; it never runs in production.
 */
export function createSandboxProvider(deps: { payments: PaymentsRepository; publicUrl: string }) {
  const { payments, publicUrl } = deps;
  const effectiveStatus = (row: SandboxRow): SandboxRow['status'] =>
    row.status === 'open' && row.expiresAt.getTime() <= Date.now() ? 'expired' : row.status;

  const toProviderSession = (row: SandboxRow): ProviderCheckoutSession => {
    const status = effectiveStatus(row);
    return {
      id: row.id,
      status,
      paymentStatus: status === 'complete' ? 'paid' : 'unpaid',
      amountTotal: row.amountTotal,
      currency: row.currency,
      clientReferenceId: row.clientReferenceId,
    };
  };

  const successUrlOf = (row: SandboxRow) =>
    row.successUrl.replace(CHECKOUT_SESSION_ID_PLACEHOLDER, encodeURIComponent(row.id));

  const provider: CheckoutProvider = {
    name: 'sandbox',

    async createCheckoutSession(input) {
      const id = `${SANDBOX_SESSION_PREFIX}${randomBytes(16).toString('hex')}`;
      await payments.insertSandboxSession({
        id,
        clientReferenceId: input.userId,
        amountTotal: input.amountCents,
        currency: input.currency,
        description: input.description,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: new Date(Date.now() + SANDBOX_SESSION_LIFETIME_MS),
      });
      return { id, url: `${publicUrl}/api/payments/sandbox/${id}` };
    },

    async retrieveCheckoutSession(sessionId) {
      const row = await payments.findSandboxSession(sessionId);
      return row ? toProviderSession(row) : null;
    },
  };

  /** Only the buyer who started a session sees it; to anyone else it does not exist. */
  async function ownSession(userId: string, sessionId: string) {
    const row = await payments.findSandboxSession(sessionId);
    return row && row.clientReferenceId === userId ? row : undefined;
  }

  return {
    ...provider,

    async view(userId: string, sessionId: string): Promise<SandboxView> {
      const row = await ownSession(userId, sessionId);
      if (!row) return { state: 'not_found' };
      return { state: effectiveStatus(row), session: row, successUrl: successUrlOf(row) };
    },

    /**
     * The buyer pays: the session completes (once) and the event Stripe would send is returned
     * for fulfilment, with the address to send the buyer to.
     */
    async confirm(
      userId: string,
      sessionId: string,
    ): Promise<
      | { outcome: 'not_found' }
      | { outcome: 'expired' }
      | { outcome: 'paid'; event: CheckoutEvent | null; redirectTo: string }
    > {
      const row = await ownSession(userId, sessionId);
      if (!row) return { outcome: 'not_found' };
      const completed = await payments.completeSandboxSession(sessionId);
      if (completed) {
        return {
          outcome: 'paid',
          event: { type: 'completed', session: toProviderSession(completed) },
          redirectTo: successUrlOf(completed),
        };
      }
      // Confirmed before (a second click, a reload): the same success page, nothing new to do.
      const current = await payments.findSandboxSession(sessionId);
      if (current && effectiveStatus(current) === 'complete') {
        return { outcome: 'paid', event: null, redirectTo: successUrlOf(current) };
      }
      return { outcome: 'expired' };
    },

    /** The buyer gives up: the session expires at once and the buyer goes to the cancel URL. */
    async cancel(
      userId: string,
      sessionId: string,
    ): Promise<
      | { outcome: 'not_found' }
      | { outcome: 'complete'; redirectTo: string }
      | { outcome: 'cancelled'; event: CheckoutEvent | null; redirectTo: string }
    > {
      const row = await ownSession(userId, sessionId);
      if (!row) return { outcome: 'not_found' };
      if (row.status === 'complete') return { outcome: 'complete', redirectTo: successUrlOf(row) };
      const expired = await payments.expireSandboxSession(sessionId);
      return {
        outcome: 'cancelled',
        event: expired ? { type: 'expired', session: toProviderSession(expired) } : null,
        redirectTo: row.cancelUrl,
      };
    },
  };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
