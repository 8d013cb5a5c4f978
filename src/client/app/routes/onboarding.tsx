import { SignUp } from '#client/features/auth/components/sign-up-form';
import { useRedirectWhenSignedIn } from '#client/features/auth/hooks/use-redirect-when-signed-in';

/** Spec: a signed-in user is redirected to / after about 100 ms. */
const SIGNED_IN_REDIRECT_MS = 100;

export default function OnboardingPage() {
  useRedirectWhenSignedIn(SIGNED_IN_REDIRECT_MS);
  return <SignUp />;
}
