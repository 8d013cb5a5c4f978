import { BuildingPage } from '#client/components/building-page';

export default function AdminSettingsPage() {
  return (
    <BuildingPage
      title="Settings"
      lead="Branding, platform, support and payment settings, and system actions."
      showLinks={false}
      contained={false}
    />
  );
}
