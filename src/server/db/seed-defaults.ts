import type { Database } from './client.ts';
import { paymentServices, supportSettings } from './schema.ts';

/** The spec's default settings. Idempotent: existing rows (an admin's choices) are kept. */
export async function seedDefaults(db: Database): Promise<void> {
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
      { serviceName: 'stripe', isEnabled: false, configuration: { description: 'Card payments' } },
      { serviceName: 'paypal', isEnabled: false, configuration: { description: 'Online wallet' } },
    ])
    .onConflictDoNothing();
}
