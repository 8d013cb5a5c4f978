import { Link } from 'react-router';
import { AuthCard, authLinkClassName } from '#client/features/auth/components/auth-card';
import { SignInForm } from '#client/features/auth/components/sign-in-form';
import { useRedirectWhenSignedIn } from '#client/features/auth/hooks/use-redirect-when-signed-in';
import { useReturnPath } from '#client/features/auth/hooks/use-return-path';
import { withReturnPath } from '#shared/return-path';

export default function AuthPage() {
  useRedirectWhenSignedIn();
  const returnPath = useReturnPath();
  return (
    <AuthCard
      title="Sign In"
      description="Welcome back! Sign in to continue your Spanish story journey."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={withReturnPath('/onboarding', returnPath)} className={authLinkClassName}>
            Sign up
          </Link>
        </>
      }
    >
      <SignInForm />
    </AuthCard>
  );
}
