import { Tabs } from 'radix-ui';
import { AssociateFilesPanel } from './associate-files-panel';
import { AssociationOverview } from './association-overview';
import { ManageAssociationsPanel } from './manage-associations-panel';
import { subTabContentClass, subTabListClass, subTabTriggerClass } from './sub-tabs';

/** Associate tab ('File Association'): link files to chapters, review the links, overview. */
export function AssociateTab() {
  return (
    <section aria-labelledby="file-association-heading" className="space-y-5">
      <div>
        <h2 id="file-association-heading" className="text-2xl font-semibold">
          File Association
        </h2>
        <p className="mt-1 text-ink-muted">
          Give a chapter its audio and its transcript from the uploaded files.
        </p>
      </div>
      <Tabs.Root defaultValue="associate">
        <Tabs.List aria-label="Association views" className={subTabListClass}>
          <Tabs.Trigger value="associate" className={subTabTriggerClass}>
            Associate Files
          </Tabs.Trigger>
          <Tabs.Trigger value="manage" className={subTabTriggerClass}>
            Manage Associations
          </Tabs.Trigger>
          <Tabs.Trigger value="overview" className={subTabTriggerClass}>
            Overview
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="associate" className={subTabContentClass}>
          <AssociateFilesPanel />
        </Tabs.Content>
        <Tabs.Content value="manage" className={subTabContentClass}>
          <ManageAssociationsPanel />
        </Tabs.Content>
        <Tabs.Content value="overview" className={subTabContentClass}>
          <AssociationOverview />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
