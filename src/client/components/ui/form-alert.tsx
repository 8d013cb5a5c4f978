import { CircleAlert } from 'lucide-react';
import { cn } from '#client/lib/cn';

export interface FormAlertProps {
  title?: string;
  message: string;
  /** Listed under the title instead of the message (the password rules broken, for instance). */
  items?: readonly string[];
  className?: string;
}

/** Why a form was refused, announced as soon as it appears. */
export function FormAlert({ title, message, items, className }: FormAlertProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex gap-3 rounded-xl border border-accent/40 bg-accent-soft px-4 py-3 text-accent-soft-ink',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        {title ? <p className="font-semibold">{title}</p> : null}
        {items && items.length > 0 ? (
          <ul className="list-disc pl-5">
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : (
          <p>{message}</p>
        )}
      </div>
    </div>
  );
}
