/**
 * The course's results (issue 31, point 5): per person and assessment, attempts, best and last
 * score, passed, and when the course was completed, in the back office's table (sortable,
 * searchable); "Export CSV" downloads the server's CSV of the same rows.
 */
import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import type { AssessmentResultRow } from '@contracts/assessments';
import { DataTable, type DataColumn } from '@pwa/components/data-table/data-table';
import { LoadError } from '@pwa/components/load-error';
import { downloadFile } from '@pwa/lib/download-file';
import { formatDate } from '@pwa/lib/format';
import { useNotify } from '@pwa/lib/notify';
import { failure } from '@pwa/lib/toasts';
import { resultsPath, useResults } from '../api/get-results';
import { headingTag, useAssessmentStyles } from './assessments-styles';

const score = (value: number | null) => (value === null ? '—' : `${value} %`);

const COLUMNS: Array<DataColumn<AssessmentResultRow>> = [
  { id: 'name', header: 'Person', cell: (r) => r.name || '—', sortValue: (r) => r.name },
  { id: 'email', header: 'E-mail', cell: (r) => r.email, sortValue: (r) => r.email },
  { id: 'assessment', header: 'Assessment', cell: (r) => r.assessmentTitle, sortValue: (r) => r.assessmentTitle },
  { id: 'attempts', header: 'Attempts', cell: (r) => r.attempts, sortValue: (r) => r.attempts },
  { id: 'best', header: 'Best score', cell: (r) => score(r.bestScorePercent), sortValue: (r) => r.bestScorePercent },
  { id: 'last', header: 'Last score', cell: (r) => score(r.lastScorePercent), sortValue: (r) => r.lastScorePercent },
  { id: 'passed', header: 'Passed', cell: (r) => (r.passed ? 'Yes' : 'No'), sortValue: (r) => (r.passed ? 1 : 0) },
  {
    id: 'completed',
    header: 'Course completed',
    cell: (r) => (r.completedAt ? formatDate(r.completedAt) : 'Not yet'),
    sortValue: (r) => r.completedAt,
  },
];

export function ResultsTable({ courseId, headingLevel }: { courseId: string; headingLevel: number }) {
  const styles = useAssessmentStyles();
  const notify = useNotify();
  const rows = useResults(courseId);
  const [downloading, setDownloading] = useState(false);
  const Heading = headingTag(headingLevel);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`${resultsPath(courseId)}.csv`, `assessment_results_${courseId}.csv`);
    } catch (error) {
      notify(failure(error, 'The results could not be exported. Please try again.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={`assessment-results-${courseId}`}>
      <Heading id={`assessment-results-${courseId}`} className={styles.panelTitle}>
        Results
      </Heading>
      <div className={styles.actions}>
        <Button disabled={downloading || !rows.data?.length} onClick={() => void download()}>
          Export CSV
        </Button>
      </div>
      {rows.isError && !rows.data ? (
        <LoadError error={rows.error} onRetry={() => rows.refetch()} what="results" />
      ) : (
        <DataTable
          label="Assessment results"
          columns={COLUMNS}
          rows={rows.data}
          rowKey={(r) => `${r.userId}:${r.assessmentId}`}
          loading={rows.isPending}
          searchText={(r) => `${r.name} ${r.email} ${r.assessmentTitle}`}
          searchLabel="Search results"
          empty={<p className={styles.meta}>No attempts yet.</p>}
        />
      )}
    </section>
  );
}
