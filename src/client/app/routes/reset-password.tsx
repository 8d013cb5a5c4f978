import { ResetPassword } from '#client/features/auth/components/reset-password';

export default function ResetPasswordPage() {
  return <ResetPassword />;
}
