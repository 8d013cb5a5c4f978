import { BuildingPage } from '#client/components/building-page';

export default function ResetPasswordPage() {
  return (
    <BuildingPage
      title="Reset Password"
      lead="Choose a new password after following the link in your email."
    />
  );
}
