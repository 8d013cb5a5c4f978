import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { buttonClassName } from '#client/components/ui/button';
import { useDocumentTitle } from '#client/lib/document-title';
import { useSiteIdentity } from '#client/lib/site-identity';

export default function ThankYouPage() {
  useDocumentTitle('Thank You');
  const { name } = useSiteIdentity();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6 sm:py-24">
      <Heart aria-hidden="true" className="mx-auto size-12 text-accent-ink" />
      <h1 lang="es" className="mt-6 text-4xl font-semibold sm:text-5xl">
        ¡Muchas Gracias!
      </h1>
      <p className="mt-4 text-lg text-ink-muted">
        Thank you for supporting {name}. Your help keeps new stories coming.
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link to="/library" className={buttonClassName()}>
          Back to the Library
        </Link>
        <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
          Go Home
        </Link>
      </div>
    </div>
  );
}
