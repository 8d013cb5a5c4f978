import { BuildingPage } from '#client/components/building-page';

export default function PrivacyPage() {
  return (
    <BuildingPage
      title="Privacy Policy"
      lead="What we collect, why, how we protect it and the rights you have."
    />
  );
}
