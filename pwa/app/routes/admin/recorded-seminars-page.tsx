/**
 * /admin/recorded-seminars (back-office spec §2): a card grid with search (title, code or
 * instructor) and a count badge, the Automatic Conversion notice, and per card Preview (the
 * storefront page), Pricing, Edit (/admin/seminars/edit/:id) and Delete (after a confirmation).
 */
import {
  Badge,
  Card,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  SearchBox,
  Skeleton,
  SkeletonItem,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CourseSummary } from '@contracts/catalogue';
import { ActiveBadge } from '@pwa/components/admin/active-badge';
import { AdminCardList } from '@pwa/components/admin/admin-list';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { ButtonLink } from '@pwa/components/layout/router-links';
import { EmptyState } from '@pwa/components/empty-state';
import { useStaffCourses } from '@pwa/features/admin-catalogue/api/get-staff-courses';
import { courseSearchText, scheduleText } from '@pwa/features/admin-catalogue/components/course-columns';
import { CourseRowActions } from '@pwa/features/admin-catalogue/components/course-row-actions';
import { PricingTiersDialog } from '@pwa/features/admin-catalogue/components/pricing-tiers-dialog';

const RECORDED_SEMINARS = { type: ['recorded_seminar'] as CourseSummary['type'][] };

const useStyles = makeStyles({
  bar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(18rem, 1fr))',
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, height: '100%' },
  title: { margin: 0, fontSize: tokens.fontSizeBase400 },
  meta: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap', marginTop: 'auto' },
});

export default function RecordedSeminarsPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const courses = useStaffCourses(RECORDED_SEMINARS);
  const [search, setSearch] = useState('');
  const [pricing, setPricing] = useState<CourseSummary | null>(null);
  const term = search.trim().toLowerCase();
  const shown = (courses.data ?? []).filter((c) => !term || courseSearchText(c).toLowerCase().includes(term));

  return (
    <AdminPage title="Recorded Seminars" description="Seminars that have taken place, sold as recordings.">
      <MessageBar intent="info">
        <MessageBarBody>
          <MessageBarTitle>Automatic Conversion</MessageBarTitle>
          Live seminars are automatically moved here after their scheduled end date passes.
        </MessageBarBody>
      </MessageBar>
      <div className={styles.bar}>
        <Field label="Search recorded seminars">
          <SearchBox value={search} onChange={(_event, data) => setSearch(data.value)} />
        </Field>
        <Badge appearance="filled" size="large">
          {shown.length === 1 ? '1 seminar' : `${shown.length} seminars`}
        </Badge>
      </div>
      <AdminCardList
        query={courses}
        what="recorded seminars"
        empty={{ title: 'No recorded seminars yet', description: 'Live seminars appear here after their scheduled end date.' }}
        placeholder={
          <ul className={styles.grid} aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
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
        {() =>
          shown.length ? (
            <ul className={styles.grid} aria-label="Recorded seminars">
              {shown.map((c) => (
                <li key={c.id}>
                  <Card className={styles.card}>
                    <h2 className={styles.title}>{c.title}</h2>
                    <Text className={styles.meta}>
                      {c.code} · {c.instructor?.name ?? c.instructorName ?? 'TBD'}
                    </Text>
                    <Text className={styles.meta}>{scheduleText(c)}</Text>
                    <ActiveBadge active={c.isActive} />
                    <div className={styles.actions}>
                      <ButtonLink to={`/courses/${c.id}`} size="small" appearance="subtle" aria-label={`Preview ${c.title}`}>
                        Preview
                      </ButtonLink>
                      <CourseRowActions
                        course={c}
                        kind="recordedSeminar"
                        duplicate={false}
                        onPricing={() => setPricing(c)}
                        onEdit={() => navigate(`/admin/seminars/edit/${c.id}`)}
                      />
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title="No seminars found" description="Try another title, code or instructor." />
          )
        }
      </AdminCardList>
      <PricingTiersDialog course={pricing} onClose={() => setPricing(null)} />
    </AdminPage>
  );
}
