import { LogoSettings } from './logo-settings';
import { PaymentServices } from './payment-services';
import { PlatformSettings } from './platform-settings';
import { SupportSettings } from './support-settings';
import { SystemActions } from './system-actions';

/**
 * The System Settings screen (admin spec: Settings tab): shown at /admin/settings and as the
 * Settings tab of Content Management, so it brings no h1 of its own (sections are h2).
 */
export function SystemSettings() {
  return (
    <div className="space-y-6">
      <LogoSettings />
      <PlatformSettings />
      <SupportSettings />
      <PaymentServices />
      <SystemActions />
    </div>
  );
}
