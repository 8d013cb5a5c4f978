import { Tabs } from 'radix-ui';
import { PageHeading } from '#client/components/ui/page-heading';
import { AssociateTab } from '#client/features/admin-files/components/associate-tab';
import { FilesTab } from '#client/features/admin-files/components/files-tab';
import { UploadTab } from '#client/features/admin-files/components/upload-tab';
import { SystemSettings } from '#client/features/admin-settings/components/system-settings';
import { StoriesTab } from '#client/features/admin-stories/components/stories-tab';
import { useDocumentTitle } from '#client/lib/document-title';

const tabs = [
  { value: 'stories', label: 'Stories' },
  { value: 'upload', label: 'Upload' },
  { value: 'files', label: 'Files' },
  { value: 'associate', label: 'Associate' },
  { value: 'settings', label: 'Settings' },
] as const;

const triggerClass =
  'shrink-0 rounded-lg px-4 py-2 text-sm font-medium text-ink-muted transition-colors ' +
  'hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-focus data-[state=active]:bg-surface data-[state=active]:text-ink ' +
  'data-[state=active]:shadow-sm';

const contentClass = 'mt-6 focus-visible:outline-2 focus-visible:outline-focus';

/** Admin spec: 'Content Management', five tabs, Stories first and selected. */
export default function AdminContentPage() {
  useDocumentTitle('Content Management');
  return (
    <div>
      <PageHeading
        title="Content Management"
        lead="Create and edit stories, upload files and link them to chapters."
      />
      <Tabs.Root defaultValue="stories">
        <Tabs.List
          aria-label="Content sections"
          className="flex gap-1 overflow-x-auto rounded-xl bg-surface-muted p-1"
        >
          {tabs.map(({ value, label }) => (
            <Tabs.Trigger key={value} value={value} className={triggerClass}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Kept mounted while hidden: a half-filled story wizard survives a trip to Upload. */}
        <Tabs.Content
          value="stories"
          forceMount
          className={`${contentClass} data-[state=inactive]:hidden`}
        >
          <StoriesTab />
        </Tabs.Content>
        {/* Kept mounted too: uploads under way, their queue and the switch to Manage Files. */}
        <Tabs.Content
          value="upload"
          forceMount
          className={`${contentClass} data-[state=inactive]:hidden`}
        >
          <UploadTab />
        </Tabs.Content>
        <Tabs.Content value="files" className={contentClass}>
          <FilesTab />
        </Tabs.Content>
        <Tabs.Content value="associate" className={contentClass}>
          <AssociateTab />
        </Tabs.Content>
        <Tabs.Content value="settings" className={contentClass}>
          <section aria-labelledby="system-settings-heading" className="space-y-5">
            <div>
              <h2 id="system-settings-heading" className="text-2xl font-semibold">
                System Settings
              </h2>
              <p className="mt-1 text-ink-muted">
                Branding, platform, support and payment settings, and system actions.
              </p>
            </div>
            <SystemSettings headingLevel={3} />
          </section>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
