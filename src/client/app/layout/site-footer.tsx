import { Link } from 'react-router';
import { LogoMark } from '#client/components/logo';
import { useSiteIdentity } from '#client/lib/site-identity';

const supportLinks = [
  { to: '/help', label: 'Help Center' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/faq', label: 'FAQ' },
  { to: '/privacy', label: 'Privacy Policy' },
] as const;

const exploreLinks = [
  { to: '/', label: 'Home' },
  { to: '/library', label: 'Story Library' },
] as const;

const linkClass = 'rounded text-ink-muted underline-offset-4 hover:text-ink hover:underline';

export function SiteFooter() {
  const { name, customDescription } = useSiteIdentity();
  return (
    <footer className="mt-16 border-t border-line bg-surface-muted">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-md">
          <p className="flex items-center gap-2 font-serif text-xl font-semibold text-ink">
            <LogoMark className="size-7" />
            {name}
          </p>
          <p className="mt-3 text-ink-muted">
            {customDescription ??
              'Learn Spanish by listening. Every story is built from the 2,000 most common Spanish words and comes with its transcript and an English translation to read along.'}
          </p>
        </div>
        <nav aria-labelledby="footer-explore">
          <h2
            id="footer-explore"
            className="font-sans text-sm font-semibold tracking-wide text-ink uppercase"
          >
            Explore
          </h2>
          <ul className="mt-4 space-y-3">
            {exploreLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2
            id="footer-support"
            className="font-sans text-sm font-semibold tracking-wide text-ink uppercase"
          >
            Support
          </h2>
          <ul className="mt-4 space-y-3">
            {supportLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-ink-muted sm:px-6">
          © {new Date().getFullYear()} {name}. Stories for English speakers learning Spanish.
        </p>
      </div>
    </footer>
  );
}
