/** /recorded-seminars (storefront spec §2 Dedicated listings): client-side text search over title, description and code. */
import { Button, Field, SearchBox, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { Course } from '@contracts/catalogue';
import { compareCoursesByStartDate } from '@contracts/course-filter';
import { plainText } from '@contracts/rich-text';
import { useLocalFirstCourses } from '../../catalogue/api/courses';
import { ArrowLeftIcon } from '../../components/icons';
import { CourseGrid } from '../../features/listings/components/course-grid';
import { EmptyState } from '@pwa/components/empty-state';
import { ListingShell } from '../../features/listings/components/listing-shell';
import { LoadError } from '@pwa/components/load-error';
import { ButtonLink } from '../../components/layout/router-links';

const useStyles = makeStyles({
  search: { flex: '1 1 320px', maxWidth: '520px' },
  searchBox: { width: '100%', maxWidth: 'none' },
  back: { paddingLeft: 0, color: tokens.colorBrandForeground1 },
});

function matchesTerm(course: Course, term: string): boolean {
  if (!term) return true;
  const haystack = [course.title, plainText(course.description ?? ''), course.shortDescription ?? '', course.code].join('\n').toLowerCase();
  return haystack.includes(term);
}

export default function RecordedSeminarsPage() {
  const styles = useStyles();
  const [search, setSearch] = useState('');
  // The full view: this page's own search reads the descriptions.
  const query = useLocalFirstCourses({ type: ['recorded_seminar'] });
  const term = search.trim().toLowerCase();
  const seminars = useMemo(() => (query.data ?? []).filter((course) => matchesTerm(course, term)).sort(compareCoursesByStartDate), [query.data, term]);
  const clear = () => setSearch('');

  return (
    <ListingShell
      eyebrow="On Demand"
      title="Recorded Seminars"
      intro="Full-length recordings of our classroom seminars, with the slides and workbooks. Watch every session at your own pace."
      headerExtra={
        <ButtonLink to="/courses" appearance="transparent" className={styles.back} icon={<ArrowLeftIcon size={16} />}>
          Browse all courses
        </ButtonLink>
      }
      filters={
        <Field className={styles.search} label="Search recorded seminars">
          <SearchBox
            className={styles.searchBox}
            value={search}
            onChange={(_, data) => setSearch(data.value)}
            placeholder="Search by title, description or course code"
          />
        </Field>
      }
      count={query.isSuccess ? `${seminars.length} recorded seminar(s) found` : undefined}
      showClear={search.length > 0}
      clearLabel="Clear Search"
      onClear={clear}
    >
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} what="recorded seminars" />
      ) : query.isPending ? (
        <CourseGrid isLoading />
      ) : seminars.length === 0 ? (
        <EmptyState
          title="No recorded seminars found"
          description={
            term ? 'No recorded seminar matches your search. Try a different word or a course code.' : 'There are no recorded seminars available right now.'
          }
          action={term ? <Button onClick={clear}>Clear Search</Button> : undefined}
        />
      ) : (
        <CourseGrid courses={seminars} label="Recorded seminars" />
      )}
    </ListingShell>
  );
}
