import { LogoSettings } from './logo-settings';
import { PaymentServices } from './payment-services';
import { PlatformSettings } from './platform-settings';
import { PublishingSettings } from './publishing-settings';
import { SectionHeadingLevelProvider, type SectionHeadingLevel } from './settings-section';
import { SupportSettings } from './support-settings';
import { SystemActions } from './system-actions';

export interface SystemSettingsProps {
  /**
   * Heading level of the section titles: 2 (default) under the page's h1 at /admin/settings, 3
   * in the Settings tab of Content Management, which titles the tab with its own h2.
   */
  headingLevel?: SectionHeadingLevel;
}

/**
 * The System Settings screen (admin spec: Settings tab): shown at /admin/settings and as the
 * Settings tab of Content Management, so it brings no title of its own.
 */
export function SystemSettings({ headingLevel = 2 }: SystemSettingsProps) {
  return (
    <SectionHeadingLevelProvider value={headingLevel}>
      <div className="space-y-6">
        <LogoSettings />
        <PlatformSettings />
        <PublishingSettings />
        <SupportSettings />
        <PaymentServices />
        <SystemActions />
      </div>
    </SectionHeadingLevelProvider>
  );
}
