import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Send } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormAlert } from '#client/components/ui/form-alert';
import { Input, Label, inputClassName } from '#client/components/ui/input';
import { PageHeading } from '#client/components/ui/page-heading';
import { isApiError } from '#client/lib/api-client';
import { cn } from '#client/lib/cn';
import { toast } from '#client/lib/toast';
import { useSendContactMessage } from '../api/send-contact-message';
import {
  contactCategoryOptions,
  contactLimits,
  emptyContact,
  toContactBody,
  validateContact,
  type ContactValues,
} from '../contact-validation';

interface Problem {
  title?: string;
  message: string;
  fields: ReadonlyArray<keyof ContactValues>;
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** Why the server refused, in words for the form. */
function problemFromError(error: unknown): Problem {
  if (isApiError(error) && error.status === 429) {
    return { title: 'Too many messages', message: error.message, fields: [] };
  }
  if (isApiError(error) && error.status === 400) {
    return { title: 'Message not sent', message: error.message, fields: [] };
  }
  return {
    title: 'Message not sent',
    message:
      isApiError(error) && error.status === 0
        ? error.message
        : 'Something went wrong. Please try again.',
    fields: [],
  };
}

/** /contact: a message to the team, stored through the rate-limited contact endpoint. */
export function ContactPage() {
  const [values, setValues] = useState<ContactValues>(emptyContact);
  const [problem, setProblem] = useState<Problem | null>(null);
  const send = useSendContactMessage();
  const ids = {
    name: useId(),
    email: useId(),
    category: useId(),
    subject: useId(),
    message: useId(),
  };

  const set = (field: keyof ContactValues) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
  const invalid = (field: keyof ContactValues) => problem?.fields.includes(field) || undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refused = validateContact(values);
    setProblem(refused);
    if (refused) return;
    try {
      await send.mutateAsync(toContactBody(values));
      toast.success('Message sent!', { description: "We'll get back to you within 24 hours." });
      setValues(emptyContact);
    } catch (error) {
      setProblem(problemFromError(error));
    }
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeading
        title="Contact Us"
        lead="Send us a question, report a problem or suggest a feature. We read every message."
      />
      <p className="mb-6 text-ink-muted">
        Looking for a quick answer? The{' '}
        <Link to="/help" className="font-medium text-accent-ink underline underline-offset-4">
          Help Center
        </Link>{' '}
        covers getting started, listening and your account.
      </p>
      <Card className="p-6 sm:p-8">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={ids.name} label="Name">
              <Input
                id={ids.name}
                name="name"
                autoComplete="name"
                value={values.name}
                onChange={set('name')}
                maxLength={contactLimits.name}
                aria-invalid={invalid('name')}
                required
              />
            </Field>
            <Field id={ids.email} label="Email">
              <Input
                id={ids.email}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                value={values.email}
                onChange={set('email')}
                maxLength={contactLimits.email}
                aria-invalid={invalid('email')}
                required
              />
            </Field>
          </div>
          <Field id={ids.category} label="Category">
            <select
              id={ids.category}
              name="category"
              value={values.category}
              onChange={set('category')}
              aria-invalid={invalid('category')}
              required
              className={inputClassName}
            >
              <option value="" disabled>
                Choose a category
              </option>
              {contactCategoryOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id={ids.subject} label="Subject">
            <Input
              id={ids.subject}
              name="subject"
              value={values.subject}
              onChange={set('subject')}
              maxLength={contactLimits.subject}
              aria-invalid={invalid('subject')}
              required
            />
          </Field>
          <Field id={ids.message} label="Message">
            <textarea
              id={ids.message}
              name="message"
              rows={6}
              value={values.message}
              onChange={set('message')}
              maxLength={contactLimits.message}
              aria-invalid={invalid('message')}
              required
              className={cn(inputClassName, 'h-auto min-h-36 py-2.5')}
            />
          </Field>
          {problem ? <FormAlert title={problem.title} message={problem.message} /> : null}
          <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>
            <Send aria-hidden="true" className="size-5" />
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
