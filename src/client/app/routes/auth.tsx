import { BuildingPage } from '#client/components/building-page';

export default function AuthPage() {
  return (
    <BuildingPage
      title="Sign In"
      lead="Sign in with your email and password to unlock every story and keep your progress."
    />
  );
}
