import type { AppConfig } from '../config/env.ts';
import type { Database } from './client.ts';
import { paymentServices, supportSettings } from './schema.ts';

/**
 * Whether a new installation starts with card payments on: a development install without a
 * payment provider (no STRIPE_SECRET_KEY) shows a newcomer the whole product, support section
 * included, with the built-in sandbox checkout (issue 14). Never in production, where the sandbox
 * does not exist and the section needs a real provider; not in tests, which choose for themselves.
 */
export const cardSandboxOnByDefault = (config: Pick<AppConfig, 'env' | 'payments'>): boolean =>
  config.env === 'development' && !config.payments.stripeSecretKey;

/**
 * The spec's default settings. Idempotent: existing rows (an admin's choices) are kept, so
 * `cardServiceOn` decides only a new installation's first state.
 */
export async function seedDefaults(
  db: Database,
  { cardServiceOn = false }: { cardServiceOn?: boolean } = {},
): Promise<void> {
  await db
    .insert(supportSettings)
    .values([
      { settingKey: 'support_enabled', settingValue: 'true' },
      { settingKey: 'support_tier_1_amount', settingValue: '7' },
      { settingKey: 'support_tier_1_description', settingValue: 'Story Support' },
    ])
    .onConflictDoNothing();
  await db
    .insert(paymentServices)
    .values([
      {
        serviceName: 'stripe',
        isEnabled: cardServiceOn,
        configuration: { description: 'Card payments' },
      },
      { serviceName: 'paypal', isEnabled: false, configuration: { description: 'Online wallet' } },
    ])
    .onConflictDoNothing();
}
