/**
 * The course's assessments (issue 31, point 2): each with its kind, the lesson a review follows,
 * and its settings in a line ("Draws 20 of 40 · pass mark 70 % · 3 attempts · 30 min · …"), with
 * Edit and Delete; "Add assessment" opens the assessment dialog.
 */
import { Button } from '@fluentui/react-components';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { AssessmentDto } from '@contracts/assessments';
import { DataTable, type DataColumn } from '@pwa/components/data-table/data-table';
import { LoadError } from '@pwa/components/load-error';
import { assessmentWrites, useAssessmentWrite } from '../api/assessment-writes';
import { useLessons } from '../api/get-lessons';
import { ASSESSMENT_KIND_LABELS, settingsSummary } from '../lib/assessment-form';
import { AssessmentDialog } from './assessment-dialog';
import { headingTag, useAssessmentStyles } from './assessments-styles';
import { ConfirmDelete } from './confirm-delete';

export function AssessmentList({
  courseId,
  assessments,
  headingLevel,
}: {
  courseId: string;
  assessments: UseQueryResult<AssessmentDto[]>;
  headingLevel: number;
}) {
  const styles = useAssessmentStyles();
  const lessons = useLessons(courseId);
  const write = useAssessmentWrite(courseId);
  const [editing, setEditing] = useState<AssessmentDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AssessmentDto | null>(null);
  const Heading = headingTag(headingLevel);
  const lessonTitles = useMemo(() => new Map((lessons.data ?? []).map((l) => [l.id, l.label])), [lessons.data]);

  const columns: Array<DataColumn<AssessmentDto>> = [
    { id: 'title', header: 'Title', cell: (a) => a.title, sortValue: (a) => a.title },
    { id: 'kind', header: 'Kind', cell: (a) => (a.kind === 'final' ? 'Final exam' : 'Review questions'), sortValue: (a) => a.kind },
    { id: 'lesson', header: 'Lesson', cell: (a) => (a.lessonId ? (lessonTitles.get(a.lessonId) ?? '—') : 'Whole course') },
    { id: 'settings', header: 'Settings', cell: settingsSummary },
    {
      id: 'actions',
      header: 'Actions',
      shrink: true,
      cell: (a) => (
        <div className={styles.actions}>
          <Button size="small" aria-label={`Edit ${a.title}`} onClick={() => setEditing(a)}>
            Edit
          </Button>
          <Button size="small" aria-label={`Delete ${a.title}`} onClick={() => setDeleting(a)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className={styles.panel} aria-labelledby={`assessment-list-${courseId}`}>
      <Heading id={`assessment-list-${courseId}`} className={styles.panelTitle}>
        Review questions and final exams
      </Heading>
      <p className={styles.intro}>
        {ASSESSMENT_KIND_LABELS.review} (not graded, feedback at once), or a {ASSESSMENT_KIND_LABELS.final.toLowerCase()} graded on the server.
      </p>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => setEditing('new')}>
          Add assessment
        </Button>
      </div>
      {assessments.isError && !assessments.data ? (
        <LoadError error={assessments.error} onRetry={() => assessments.refetch()} what="assessments" />
      ) : (
        <DataTable
          label="Assessments"
          columns={columns}
          rows={assessments.data}
          rowKey={(a) => a.id}
          loading={assessments.isPending}
          empty={<p className={styles.meta}>No assessments yet. Add review questions after a lesson, or a final exam.</p>}
        />
      )}
      <ConfirmDelete
        what="assessment"
        subject={deleting}
        name={(a) => a.title}
        onConfirm={(a) => void write(assessmentWrites(courseId).deleteAssessment(a.id), 'Assessment deleted', 'The assessment could not be deleted')}
        onClose={() => setDeleting(null)}
      />
      <AssessmentDialog courseId={courseId} editing={editing} lessons={lessons.data ?? []} onClose={() => setEditing(null)} />
    </section>
  );
}
