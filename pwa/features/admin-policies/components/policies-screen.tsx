/**
 * The admins' cancellation policies (issue 35, point 3): one card per course type, in the
 * storefront's order and words ("Live Seminars"), saying the policy in a sentence — what a
 * cancellation refunds by how long before the start it comes, until when a seat may go to a
 * colleague, and until when it may move to another date of the same course — with "Default"
 * while no admin has changed it, "Edit", and "Reset to default" once changed. An edit still
 * waiting on this device shows on its card, marked "Not synced yet".
 */
import { Badge, Button, Card, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { COURSE_TYPES } from '@contracts/course-types';
import { AdminCardList } from '@pwa/components/admin/admin-list';
import { usePolicies, type PolicyView } from '../api/get-policies';
import { policyWrites, usePolicyWrite } from '../api/policy-writes';
import { usePendingPolicies, withPendingPolicies, type PolicyCard } from '../lib/pending-policies';
import { courseTypeLabel, policyText } from '../lib/policy-texts';
import { PolicyDialog } from './policy-dialog';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(18rem, 1fr))',
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, height: '100%' },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  title: { margin: 0, fontSize: tokens.fontSizeBase400 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: 'auto' },
});

const order = (type: PolicyView['courseType']) => COURSE_TYPES.indexOf(type);

export function PoliciesScreen() {
  const styles = useStyles();
  const policies = usePolicies();
  const pending = usePendingPolicies();
  const [editing, setEditing] = useState<PolicyView | null>(null);
  const write = usePolicyWrite();
  const withPending = withPendingPolicies(policies.data, pending);
  // In the storefront's order of the types (a copy: the query's own answer is not reordered).
  const cards = withPending && [...withPending].sort((a, b) => order(a.courseType) - order(b.courseType));

  return (
    <>
      <AdminCardList<PolicyCard>
        query={policies}
        rows={cards}
        what="cancellation policies"
        empty={{ title: 'No course types' }}
        placeholder={
          <ul className={styles.grid} aria-hidden="true">
            {COURSE_TYPES.map((type) => (
              <li key={type}>
                <Card className={styles.card}>
                  <Skeleton>
                    <SkeletonItem size={24} />
                    <SkeletonItem />
                  </Skeleton>
                </Card>
              </li>
            ))}
          </ul>
        }
      >
        {(shown) => (
          <ul className={styles.grid} aria-label="Cancellation policies">
            {shown.map((policy) => {
              const label = courseTypeLabel(policy.courseType);
              return (
                <li key={policy.courseType}>
                  <Card className={styles.card}>
                    <div className={styles.heading}>
                      <h2 className={styles.title}>{label}</h2>
                      {policy.isDefault ? (
                        <Badge appearance="tint" color="informative">
                          Default
                        </Badge>
                      ) : null}
                      {policy.notSynced ? (
                        <Badge appearance="tint" color="warning">
                          Not synced yet
                        </Badge>
                      ) : null}
                    </div>
                    <Text>{policyText(policy)}</Text>
                    <div className={styles.actions}>
                      <Button aria-label={`Edit policy for ${label}`} onClick={() => setEditing(policy)}>
                        Edit
                      </Button>
                      {policy.isDefault ? null : (
                        <Button
                          appearance="subtle"
                          aria-label={`Reset policy for ${label} to the default`}
                          onClick={() =>
                            void write(
                              policyWrites.reset(policy.courseType, label),
                              `Cancellation policy of ${label} reset to the default`,
                              `The cancellation policy of ${label} could not be reset`,
                            )
                          }
                        >
                          Reset to default
                        </Button>
                      )}
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </AdminCardList>
      <PolicyDialog policy={editing} onClose={() => setEditing(null)} />
    </>
  );
}
