import type { AppConfig } from '../../config/env.ts';
import type { DbExecutor } from '../../db/client.ts';
import * as repository from './payments.repository.ts';

/**
 * Applies ENABLE_PAYMENT_SERVICES and PAYPAL_URL at start (runtime.ts, after the default rows).
 * Listed services are switched on; unlisted ones keep their stored state, so an administrator's
 * choices survive restarts. PAYPAL_URL becomes the wallet provider's hosted page.
 */
export async function applyPaymentServiceSettings(
  db: DbExecutor,
  payments: AppConfig['payments'],
  log: (message: string) => void = () => undefined,
): Promise<void> {
  if (payments.paypalUrl) {
    await repository.setPaymentServiceUrl(db, 'paypal', payments.paypalUrl);
  }
  if (payments.enableServices.length > 0) {
    await repository.enablePaymentServices(db, payments.enableServices);
    log(`payment services enabled: ${payments.enableServices.join(', ')}`);
  }
  if (payments.enableServices.includes('stripe') && !payments.stripeSecretKey) {
    log('card payments use the built-in sandbox checkout (STRIPE_SECRET_KEY is not set)');
  }
  if (payments.enableServices.includes('paypal')) {
    const wallet = await repository.findPaymentService(db, 'paypal');
    if (typeof wallet?.configuration.url !== 'string') {
      log('the wallet button stays hidden until PAYPAL_URL is set');
    }
  }
}
