/**
 * /admin/activity, admins only: the audit log of every back-office write newest first — when, who,
 * what (the summary) and each changed field before → after — filtered by what was changed and by
 * who (their e-mail, sent once typing pauses); more pages on demand.
 */
import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, type ActivityEntry, type AuditEntity } from '@contracts/admin-activity';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { AdminList } from '@pwa/components/admin/admin-list';
import { formatDateTime } from '@pwa/lib/format';
import { useDebouncedValue } from '@pwa/lib/use-debounced-value';
import { useActivityLog } from '@pwa/features/admin-activity/api/get-activity-log';
import { ActivityChanges } from '@pwa/features/admin-activity/components/activity-changes';

const useStyles = makeStyles({
  filters: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'flex-start' },
  summary: { display: 'block', minWidth: '12rem' },
});

export default function ActivityPage() {
  const styles = useStyles();
  const [entity, setEntity] = useState<AuditEntity | ''>('');
  const [actor, setActor] = useState('');
  const appliedActor = useDebouncedValue(actor.trim().toLowerCase());
  const filtered = !!entity || !!appliedActor;
  const activity = useActivityLog({ entity: entity || undefined, actor: appliedActor || undefined });

  return (
    <AdminPage title="Activity" description="Every change made in the back office: who, when, and what changed.">
      <div className={styles.filters}>
        <Field label="Area">
          <Select value={entity} onChange={(_event, data) => setEntity(data.value as AuditEntity | '')}>
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {AUDIT_ENTITY_LABELS[e]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Changed by" hint="An e-mail address, or part of one">
          <Input type="search" value={actor} onChange={(_event, data) => setActor(data.value)} autoComplete="off" />
        </Field>
      </div>
      <AdminList<ActivityEntry>
        query={activity}
        what="changes"
        loadMore="Load more changes"
        label="Activity"
        rowKey={(e) => e.id}
        empty={{ title: filtered ? 'No matching changes' : 'No changes yet' }}
        columns={[
          { id: 'time', header: 'Time', cell: (e) => formatDateTime(e.createdAt), sortValue: (e) => e.createdAt },
          { id: 'actor', header: 'Changed by', cell: (e) => e.actorEmail ?? '—', sortValue: (e) => e.actorEmail },
          { id: 'summary', header: 'Summary', cell: (e) => <span className={styles.summary}>{e.summary}</span>, sortValue: (e) => e.summary },
          { id: 'changes', header: 'Changes', cell: (e) => <ActivityChanges changes={e.changes} /> },
        ]}
      />
    </AdminPage>
  );
}
