import type { ReactNode } from 'react';
import { Card } from '#client/components/ui/card';
import { useDocumentTitle } from '#client/lib/document-title';

export interface AuthCardProps {
  /** The page's h1 and document title. */
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Under the card: links to the other auth pages. */
  footer?: ReactNode;
  icon?: ReactNode;
}

/** The frame of every sign-in, sign-up and password page: one centred card. */
export function AuthCard({ title, description, children, footer, icon }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <Card className="p-6 sm:p-8">
        {icon ? <div className="mb-4 flex justify-center">{icon}</div> : null}
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        {description ? <div className="mt-2 text-ink-muted">{description}</div> : null}
        <div className="mt-6">{children}</div>
      </Card>
      {footer ? <div className="mt-6 text-center text-ink-muted">{footer}</div> : null}
    </div>
  );
}

export const authLinkClassName =
  'rounded font-medium text-accent-ink underline-offset-4 hover:underline';
