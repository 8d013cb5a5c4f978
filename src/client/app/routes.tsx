import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { PAGE_PATHS } from '#shared/page-routes';
import { RootLayout } from './layout/root-layout';
import { AdminArea } from './routes/admin/admin-area';

// Every page is its own chunk (route-level code splitting). The admin pages are only reachable
// through these lazy imports, so a learner's browser never downloads them.
const HomePage = lazy(() => import('./routes/home'));
const LibraryPage = lazy(() => import('./routes/library'));
const LibraryReaderPage = lazy(() => import('./routes/reader'));
const StoryPage = lazy(() => import('./routes/story'));
const PlayerPage = lazy(() => import('./routes/player'));
const PracticePage = lazy(() => import('./routes/practice'));
const DemoPage = lazy(() => import('./routes/demo'));
const AuthPage = lazy(() => import('./routes/auth'));
const OnboardingPage = lazy(() => import('./routes/onboarding'));
const PlacementPage = lazy(() => import('./routes/placement'));
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
const ReviewPage = lazy(() => import('./routes/review'));
const WordsPage = lazy(() => import('./routes/words'));
const DownloadsPage = lazy(() => import('./routes/downloads'));
const ComprehensionPage = lazy(() => import('./routes/comprehension'));
const NotFoundPage = lazy(() => import('./routes/not-found'));

// The paths come from the one list the server also reads (src/shared/page-routes.ts): an address
// no route here shows is answered with status 404.
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} /* PAGE_PATHS.home */ />
        <Route path={PAGE_PATHS.library} element={<LibraryPage />} />
        <Route path={PAGE_PATHS.reader} element={<LibraryReaderPage />} />
        <Route path={PAGE_PATHS.story} element={<StoryPage />} />
        <Route path={PAGE_PATHS.player} element={<PlayerPage />} />
        <Route path={PAGE_PATHS.practice} element={<PracticePage />} />
        <Route path={PAGE_PATHS.demo} element={<DemoPage />} />
        <Route path={PAGE_PATHS.auth} element={<AuthPage />} />
        <Route path={PAGE_PATHS.onboarding} element={<OnboardingPage />} />
        <Route path={PAGE_PATHS.placement} element={<PlacementPage />} />
        <Route path={PAGE_PATHS.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={PAGE_PATHS.resetPassword} element={<ResetPasswordPage />} />
        <Route path={PAGE_PATHS.emailConfirmation} element={<EmailConfirmationPage />} />
        <Route path={PAGE_PATHS.profile} element={<ProfilePage />} />
        <Route path={PAGE_PATHS.thankYou} element={<ThankYouPage />} />
        <Route path={PAGE_PATHS.supportSuccess} element={<SupportSuccessPage />} />
        <Route path={PAGE_PATHS.help} element={<HelpPage />} />
        <Route path={PAGE_PATHS.contact} element={<ContactPage />} />
        <Route path={PAGE_PATHS.faq} element={<FaqPage />} />
        <Route path={PAGE_PATHS.privacy} element={<PrivacyPage />} />
        <Route path={PAGE_PATHS.review} element={<ReviewPage />} />
        <Route path={PAGE_PATHS.words} element={<WordsPage />} />
        <Route path={PAGE_PATHS.downloads} element={<DownloadsPage />} />
        <Route path={PAGE_PATHS.comprehension} element={<ComprehensionPage />} />
        <Route path={PAGE_PATHS.admin} element={<AdminArea />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
