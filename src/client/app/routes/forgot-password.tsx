import { BuildingPage } from '#client/components/building-page';

export default function ForgotPasswordPage() {
  return (
    <BuildingPage
      title="Forgot Password"
      lead="Request an email with a link to choose a new password."
    />
  );
}
