import { BuildingPage } from '#client/components/building-page';

export default function OnboardingPage() {
  return (
    <BuildingPage
      title="Sign Up"
      lead="Create a free account with your name, email and a password."
    />
  );
}
