import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '#client/components/ui/button';
import { logClientError } from '#client/lib/error-log';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches a page that crashed or whose code chunk failed to load (for instance after a deploy). */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    logClientError({
      code: 'UNKNOWN_ERROR',
      message: error.message,
      context: { componentStack: info.componentStack ?? undefined },
    });
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
        <h1 className="text-3xl font-semibold">Something Went Wrong</h1>
        <p className="mt-3 text-ink-muted">
          This page could not be shown. Reloading usually helps; if it keeps happening, please tell
          us through the contact page.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            className={buttonClassName()}
            onClick={() => window.location.reload()}
          >
            Reload Page
          </button>
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Go Home
          </Link>
        </div>
      </section>
    );
  }
}
