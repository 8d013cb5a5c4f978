import { EmailConfirmation } from '#client/features/auth/components/email-confirmation';

export default function EmailConfirmationPage() {
  return <EmailConfirmation />;
}
