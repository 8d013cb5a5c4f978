import { ForgotPassword } from '#client/features/auth/components/forgot-password';

export default function ForgotPasswordPage() {
  return <ForgotPassword />;
}
