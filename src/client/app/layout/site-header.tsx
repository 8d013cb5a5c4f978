import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { withReturnPath } from '#shared/return-path';
import { SiteLogo } from '#client/components/site/site-logo';
import { buttonClassName } from '#client/components/ui/button';
import { useAuth } from '#client/lib/auth/auth-context';
import { cn } from '#client/lib/cn';
import { useSiteIdentity } from '#client/lib/site-identity';
import { MobileMenu } from './mobile-menu';
import { ReviewBadge } from './review-badge';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-4 py-2 font-medium transition-colors hover:bg-surface-muted',
    isActive ? 'text-accent-ink' : 'text-ink',
  );

export function SiteHeader() {
  const { user, signOut } = useAuth();
  const { name } = useSiteIdentity();
  const navigate = useNavigate();
  // Sign In and Sign Up bring the learner back here afterwards.
  const { pathname, search, hash } = useLocation();
  const here = pathname + search + hash;
  // Spec: Sign Out signs out, then goes to /.
  const onSignOut = () => signOut({ onSignedOut: () => void navigate('/') });
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-canvas/95 backdrop-blur supports-[backdrop-filter]:bg-canvas/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <Link
          to="/"
          aria-label={`${name} home`}
          className="flex shrink-0 items-center gap-2 rounded-lg font-serif text-xl font-semibold text-ink"
        >
          <SiteLogo />
          <span aria-hidden="true">{name}</span>
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <li>
              <NavLink to="/library" className={navLinkClass}>
                Library
              </NavLink>
            </li>
            <li>
              <NavLink to="/help" className={navLinkClass}>
                Help
              </NavLink>
            </li>
          </ul>
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          {user ? <ReviewBadge /> : null}
          <ThemeToggle />
          <div className="hidden items-center gap-2 md:flex">
            {user ? (
              <UserMenu user={user} onSignOut={onSignOut} />
            ) : (
              <>
                <Link
                  to={withReturnPath('/auth', here)}
                  className={buttonClassName({ variant: 'ghost', size: 'sm' })}
                >
                  Sign In
                </Link>
                <Link
                  to={withReturnPath('/onboarding', here)}
                  className={buttonClassName({ variant: 'primary', size: 'sm' })}
                >
                  Sign Up
                </Link>
              </>
            )}
          </div>
          <MobileMenu signedIn={user !== null} onSignOut={onSignOut} />
        </div>
      </div>
    </header>
  );
}
