import { useId, type ReactNode } from 'react';
import { CalendarHeart, CircleDollarSign, HeartHandshake, type LucideIcon } from 'lucide-react';
import {
  SUPPORTERS_LIST_LIMIT,
  type AdminSupporters,
  type Supporter,
  type SupporterPayment,
} from '#shared/contracts/admin-supporters';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { useSupporters } from '../api/get-supporters';
import { formatDate, formatMoney } from '../format';

const formatCount = new Intl.NumberFormat('en').format;

/** Admin spec: stat cards, a Lifetime Supporters list and a Payment History list. */
export function SupportersOverview() {
  const { data, isPending, isError, refetch, isRefetching } = useSupporters();
  if (isPending) return <Spinner label="Loading supporters..." className="py-16" />;
  if (isError) {
    return (
      <Notice
        tone="error"
        title="Supporters unavailable"
        action={
          <Button
            variant="secondary"
            size="sm"
            disabled={isRefetching}
            onClick={() => void refetch()}
          >
            Try Again
          </Button>
        }
      >
        The supporters and payments could not be loaded.
      </Notice>
    );
  }
  return (
    <div className="space-y-10">
      <SupporterStats stats={data.stats} />
      <LifetimeSupporters supporters={data.supporters} total={data.stats.totalSupporters} />
      <PaymentHistory payments={data.payments} total={data.stats.totalPayments} />
    </div>
  );
}

function SupporterStats({ stats }: { stats: AdminSupporters['stats'] }) {
  const revenue =
    stats.totalRevenue.length === 0
      ? formatMoney(0, 'usd')
      : stats.totalRevenue.map((entry) => formatMoney(entry.amount, entry.currency)).join(' · ');
  const cards: ReadonlyArray<{ label: string; value: string; icon: LucideIcon }> = [
    { label: 'Total Supporters', value: formatCount(stats.totalSupporters), icon: HeartHandshake },
    { label: 'Total Revenue', value: revenue, icon: CircleDollarSign },
    {
      label: 'Latest Support',
      value: stats.latestSupportAt ? formatDate(stats.latestSupportAt) : 'None yet',
      icon: CalendarHeart,
    },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {cards.map(({ label, value, icon: Icon }) => (
        <Card key={label} className="p-5">
          <dt className="flex items-center gap-2 text-sm font-medium text-ink-muted">
            <Icon aria-hidden="true" className="size-4 text-accent-ink" />
            {label}
          </dt>
          <dd className="mt-2 font-serif text-3xl font-semibold text-ink tabular-nums">{value}</dd>
        </Card>
      ))}
    </dl>
  );
}

function Section({
  title,
  count,
  shown,
  children,
}: {
  title: string;
  count: number;
  shown: number;
  children: (headingId: string) => ReactNode;
}) {
  const headingId = useId();
  return (
    <section>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        {count > shown ? (
          <p className="text-sm text-ink-muted">
            Showing the newest {formatCount(shown)} of {formatCount(count)}
          </p>
        ) : null}
      </div>
      {children(headingId)}
    </section>
  );
}

/** A table that scrolls sideways on narrow screens (focusable, so keyboards can scroll it too). */
function ScrollingTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <Card
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
    >
      <table aria-labelledby={labelledBy} className="w-full min-w-[36rem] text-left text-sm">
        {children}
      </table>
    </Card>
  );
}

const th = 'px-4 py-3 font-semibold text-ink-muted';
const td = 'px-4 py-3 align-top';

function LifetimeSupporters({ supporters, total }: { supporters: Supporter[]; total: number }) {
  return (
    <Section title="Lifetime Supporters" count={total} shown={SUPPORTERS_LIST_LIMIT}>
      {(headingId) =>
        supporters.length === 0 ? (
          <Notice headingLevel={3}>No lifetime supporters yet.</Notice>
        ) : (
          <ScrollingTable labelledBy={headingId}>
            <thead className="border-b border-line">
              <tr>
                <th scope="col" className={th}>
                  Email
                </th>
                <th scope="col" className={th}>
                  Name
                </th>
                <th scope="col" className={th}>
                  Granted
                </th>
                <th scope="col" className={th}>
                  Membership
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {supporters.map((supporter) => (
                <tr key={supporter.userId}>
                  <td className={`${td} font-medium break-all text-ink`}>{supporter.email}</td>
                  <td className={td}>{supporter.fullName ?? '—'}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    {supporter.grantedAt ? (
                      <time dateTime={supporter.grantedAt}>{formatDate(supporter.grantedAt)}</time>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className={td}>
                    <Badge tone="accent" className="capitalize">
                      {supporter.membershipLevel ?? 'lifetime'}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        )
      }
    </Section>
  );
}

function PaymentHistory({ payments, total }: { payments: SupporterPayment[]; total: number }) {
  return (
    <Section title="Payment History" count={total} shown={SUPPORTERS_LIST_LIMIT}>
      {(headingId) =>
        payments.length === 0 ? (
          <Notice headingLevel={3}>No payments yet.</Notice>
        ) : (
          <ScrollingTable labelledBy={headingId}>
            <thead className="border-b border-line">
              <tr>
                <th scope="col" className={th}>
                  Supporter
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Amount
                </th>
                <th scope="col" className={th}>
                  Currency
                </th>
                <th scope="col" className={th}>
                  Date
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {payments.map((payment) => (
                <tr key={payment.id}>
                  <td className={td}>
                    {payment.email === null ? (
                      <span className="text-ink-muted italic">Deleted account</span>
                    ) : (
                      <>
                        <span className="block font-medium break-all text-ink">
                          {payment.email}
                        </span>
                        {payment.fullName ? (
                          <span className="block text-ink-muted">{payment.fullName}</span>
                        ) : null}
                      </>
                    )}
                    {payment.description ? (
                      <span className="block text-xs text-ink-muted">{payment.description}</span>
                    ) : null}
                  </td>
                  <td className={`${td} text-right font-semibold whitespace-nowrap tabular-nums`}>
                    {formatMoney(payment.amount, payment.currency)}
                  </td>
                  <td className={`${td} uppercase`}>{payment.currency}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={payment.createdAt}>{formatDate(payment.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        )
      }
    </Section>
  );
}
