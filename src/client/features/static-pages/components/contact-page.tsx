import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Send } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Field } from '#client/components/ui/field';
import { FormAlert } from '#client/components/ui/form-alert';
import { Input, Select, Textarea } from '#client/components/ui/input';
import { PageHeading } from '#client/components/ui/page-heading';
import { isApiError } from '#client/lib/api-client';
import { firstProblem } from '#client/lib/forms/form-problem';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import { useSendContactMessage } from '../api/send-contact-message';
import {
  contactCategoryOptions,
  contactChecks,
  contactFormSchema,
  contactMaxLength,
  contactWording,
  emptyContact,
  type ContactValues,
} from '../contact-form';

interface Refusal {
  title: string;
  message: string;
}

/** Why the server refused, in words for the form. */
function refusalFrom(error: unknown): Refusal {
  if (isApiError(error) && error.status === 429) {
    return { title: 'Too many messages', message: error.message };
  }
  if (isApiError(error) && error.status === 400) {
    return { title: 'Message not sent', message: error.message };
  }
  return {
    title: 'Message not sent',
    message:
      isApiError(error) && error.status === 0
        ? error.message
        : 'Something went wrong. Please try again.',
  };
}

/**
 * /contact: a message to the team, stored through the rate-limited contact endpoint. The page is
 * server-rendered: its fields are registered (uncontrolled) with their defaults in the markup, so
 * what a visitor types before the page hydrates is kept (see useSchemaForm).
 */
export function ContactPage() {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(contactFormSchema, {
    defaultValues: emptyContact,
    wording: contactWording,
    shouldFocusError: false,
  });
  const problem = firstProblem(errors, contactChecks);
  const invalid = (field: keyof ContactValues) => problem?.fields.includes(field) ?? false;

  const sendMessage = handleSubmit(async (body) => {
    try {
      await send.mutateAsync(body);
      toast.success('Message sent!', { description: "We'll get back to you within 24 hours." });
      reset(emptyContact);
    } catch (error) {
      setRefusal(refusalFrom(error));
    }
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setRefusal(null);
    void sendMessage(event);
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
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Name" invalid={invalid('name')}>
              <Input
                autoComplete="name"
                maxLength={contactMaxLength('name')}
                required
                {...register('name')}
              />
            </Field>
            <Field label="Email" invalid={invalid('email')}>
              <Input
                type="email"
                inputMode="email"
                autoComplete="email"
                maxLength={contactMaxLength('email')}
                required
                {...register('email')}
              />
            </Field>
          </div>
          <Field label="Category" invalid={invalid('category')}>
            <Select defaultValue={emptyContact.category} required {...register('category')}>
              <option value="" disabled>
                Choose a category
              </option>
              {contactCategoryOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Subject" invalid={invalid('subject')}>
            <Input maxLength={contactMaxLength('subject')} required {...register('subject')} />
          </Field>
          <Field label="Message" invalid={invalid('message')}>
            <Textarea
              rows={6}
              maxLength={contactMaxLength('message')}
              required
              className="min-h-36"
              {...register('message')}
            />
          </Field>
          {refusal ? <FormAlert title={refusal.title} message={refusal.message} /> : null}
          {problem ? <FormAlert message={problem.message} /> : null}
          <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>
            <Send aria-hidden="true" className="size-5" />
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
