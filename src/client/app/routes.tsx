import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from './layout/root-layout';

// Every page is its own chunk (route-level code splitting). The admin pages are only reachable
// through these lazy imports, so a learner's browser never downloads them.
const HomePage = lazy(() => import('./routes/home'));
const LibraryPage = lazy(() => import('./routes/library'));
const LibraryReaderPage = lazy(() => import('./routes/reader'));
const StoryPage = lazy(() => import('./routes/story'));
const PlayerPage = lazy(() => import('./routes/player'));
const DemoPage = lazy(() => import('./routes/demo'));
const AuthPage = lazy(() => import('./routes/auth'));
const OnboardingPage = lazy(() => import('./routes/onboarding'));
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password'));
const EmailConfirmationPage = lazy(() => import('./routes/email-confirmation'));
const ProfilePage = lazy(() => import('./routes/profile'));
const ThankYouPage = lazy(() => import('./routes/thank-you'));
const SupportSuccessPage = lazy(() => import('./routes/support-success'));
const HelpPage = lazy(() => import('./routes/help'));
const ContactPage = lazy(() => import('./routes/contact'));
const FaqPage = lazy(() => import('./routes/faq'));
const PrivacyPage = lazy(() => import('./routes/privacy'));
const NotFoundPage = lazy(() => import('./routes/not-found'));

// The admin area is one lazy module (routes/admin/admin-routes.tsx) holding its own lazy pages.
const AdminRoutes = lazy(() => import('./routes/admin/admin-routes'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="library" element={<LibraryPage />} />
        <Route path="library/reader/:id" element={<LibraryReaderPage />} />
        <Route path="story/:slug" element={<StoryPage />} />
        <Route path="player/:chapterId" element={<PlayerPage />} />
        <Route path="demo" element={<DemoPage />} />
        <Route path="auth" element={<AuthPage />} />
        <Route path="onboarding" element={<OnboardingPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="email-confirmation" element={<EmailConfirmationPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="thank-you" element={<ThankYouPage />} />
        <Route path="support-success" element={<SupportSuccessPage />} />
        <Route path="help" element={<HelpPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="faq" element={<FaqPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="admin/*" element={<AdminRoutes />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
