import { BuildingPage } from '#client/components/building-page';

export default function EmailConfirmationPage() {
  return (
    <BuildingPage
      title="Email Confirmation"
      lead="Confirms your email address after you follow the link we sent you."
    />
  );
}
