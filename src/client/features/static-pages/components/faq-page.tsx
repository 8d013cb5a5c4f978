import { Link } from 'react-router';
import { Accordion } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { buttonClassName } from '#client/components/ui/button';
import { PageHeading } from '#client/components/ui/page-heading';
import { useSiteIdentity } from '#client/lib/site-identity';
import { faqEntries } from '../faq-entries';

/** /faq: 14 questions, one answer open at a time. */
export function FaqPage() {
  const { name } = useSiteIdentity();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeading
        title="Frequently Asked Questions"
        lead="Answers to the questions learners ask most often."
      />
      <Accordion.Root
        type="single"
        collapsible
        className="divide-y divide-line rounded-2xl border border-line bg-surface"
      >
        {faqEntries(name).map((entry) => (
          <Accordion.Item key={entry.id} value={entry.id}>
            <Accordion.Header asChild>
              <h2>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-sans text-lg font-medium text-ink hover:bg-surface-muted/60">
                  {entry.question}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-ink-muted transition-transform group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-5 text-ink-muted">
              {entry.answer}
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>

      <div className="mt-12 rounded-2xl border border-line bg-surface-muted px-6 py-8 text-center">
        <h2 className="text-2xl font-semibold">Didn’t find your answer?</h2>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/help" className={buttonClassName({ variant: 'secondary' })}>
            Visit the Help Center
          </Link>
          <Link to="/contact" className={buttonClassName()}>
            Contact Us
          </Link>
        </div>
      </div>
    </div>
  );
}
