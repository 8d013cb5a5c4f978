import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import {
  DatabaseZap,
  FileText,
  HeartHandshake,
  History,
  Inbox,
  LayoutDashboard,
  Settings,
  Tags,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Spinner } from '#client/components/ui/spinner';
import { cn } from '#client/lib/cn';
import { AdminGate } from './admin-gate';

const sections: ReadonlyArray<{ to: string; label: string; icon: LucideIcon; end?: boolean }> = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/content', label: 'Content', icon: FileText },
  { to: '/admin/supporters', label: 'Supporters', icon: HeartHandshake },
  { to: '/admin/tags', label: 'Tags', icon: Tags },
  { to: '/admin/migrations', label: 'Migrations', icon: DatabaseZap },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
  // Issue 12, beside the spec's sidebar: the contact messages and the audit log.
  { to: '/admin/inbox', label: 'Inbox', icon: Inbox },
  { to: '/admin/audit', label: 'Audit Log', icon: History },
];

/** The administrator area: a sidebar (a scrolling strip on small screens) and the section's page. */
export default function AdminLayout() {
  return (
    <AdminGate>
      <AdminPanel />
    </AdminGate>
  );
}

function AdminPanel() {
  return (
    <div className="mx-auto flex max-w-[96rem] flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row md:py-10">
      <nav aria-label="Admin" className="md:w-56 md:shrink-0">
        <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-ink-muted uppercase md:block">
          Administration
        </p>
        <ul className="-mx-1 flex gap-1 overflow-x-auto pb-2 md:mx-0 md:flex-col md:overflow-visible md:pb-0">
          {sections.map(({ to, label, icon: Icon, end }) => (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-xl px-3 py-2 font-medium transition-colors',
                    isActive
                      ? 'bg-accent-soft text-accent-soft-ink'
                      : 'text-ink hover:bg-surface-muted',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Suspense fallback={<Spinner className="py-24" />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
