/**
 * The course's question bank (issue 31, point 1): each question's text (in words), kind, number of
 * options and the assessment it belongs to (or the bank), with Edit and Delete; "Add question"
 * opens the question dialog; "Export CSV" and "Import CSV" (`QuestionCsv`) carry the bank in and out.
 */
import { Button } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { AssessmentDto, QuestionDto } from '@contracts/assessments';
import { plainText } from '@contracts/rich-text';
import { DataTable, type DataColumn } from '@pwa/components/data-table/data-table';
import { LoadError } from '@pwa/components/load-error';
import { useQuestions } from '../api/get-questions';
import { assessmentWrites, useAssessmentWrite } from '../api/assessment-writes';
import { QUESTION_KIND_LABELS } from '../lib/question-form';
import { headingTag, useAssessmentStyles } from './assessments-styles';
import { ConfirmDelete } from './confirm-delete';
import { QuestionCsv } from './question-csv';
import { QuestionDialog } from './question-dialog';

const PREVIEW_LENGTH = 90;
export const questionPreview = (html: string) => {
  const text = plainText(html);
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
};

export function QuestionBank({ courseId, assessments, headingLevel }: { courseId: string; assessments: AssessmentDto[]; headingLevel: number }) {
  const styles = useAssessmentStyles();
  const questions = useQuestions(courseId);
  const write = useAssessmentWrite(courseId);
  const [editing, setEditing] = useState<QuestionDto | 'new' | null>(null);
  const Heading = headingTag(headingLevel);
  const titles = useMemo(() => new Map(assessments.map((a) => [a.id, a.title])), [assessments]);

  const [deleting, setDeleting] = useState<QuestionDto | null>(null);
  const remove = (question: QuestionDto) =>
    void write(assessmentWrites(courseId).deleteQuestion(question.id), 'Question deleted', 'The question could not be deleted');

  const columns: Array<DataColumn<QuestionDto>> = [
    { id: 'text', header: 'Question', cell: (q) => <span className={styles.preview}>{questionPreview(q.text)}</span>, sortValue: (q) => plainText(q.text) },
    { id: 'kind', header: 'Kind', cell: (q) => QUESTION_KIND_LABELS[q.kind], sortValue: (q) => QUESTION_KIND_LABELS[q.kind] },
    { id: 'options', header: 'Options', cell: (q) => q.options.length, sortValue: (q) => q.options.length },
    {
      id: 'belongs',
      header: 'Belongs to',
      cell: (q) => (q.assessmentId ? (titles.get(q.assessmentId) ?? 'An assessment') : 'Course bank'),
      sortValue: (q) => (q.assessmentId ? (titles.get(q.assessmentId) ?? '') : ''),
    },
    {
      id: 'actions',
      header: 'Actions',
      shrink: true,
      cell: (q) => (
        <div className={styles.actions}>
          <Button size="small" aria-label={`Edit question: ${questionPreview(q.text)}`} onClick={() => setEditing(q)}>
            Edit
          </Button>
          <Button size="small" aria-label={`Delete question: ${questionPreview(q.text)}`} onClick={() => setDeleting(q)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className={styles.panel} aria-labelledby={`question-bank-${courseId}`}>
      <Heading id={`question-bank-${courseId}`} className={styles.panelTitle}>
        Question bank
      </Heading>
      <p className={styles.intro}>Questions a final exam draws from, and the review questions of each lesson.</p>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => setEditing('new')}>
          Add question
        </Button>
        <QuestionCsv courseId={courseId} hasQuestions={!!questions.data?.length} />
      </div>
      {questions.isError && !questions.data ? (
        <LoadError error={questions.error} onRetry={() => questions.refetch()} what="questions" />
      ) : (
        <DataTable
          label="Question bank"
          columns={columns}
          rows={questions.data}
          rowKey={(q) => q.id}
          loading={questions.isPending}
          searchText={(q) => plainText(q.text)}
          searchLabel="Search questions"
          empty={<p className={styles.meta}>No questions yet. Add a question, or import a CSV of questions.</p>}
        />
      )}
      <ConfirmDelete what="question" subject={deleting} name={(q) => questionPreview(q.text)} onConfirm={remove} onClose={() => setDeleting(null)} />
      <QuestionDialog courseId={courseId} editing={editing} assessments={assessments} onClose={() => setEditing(null)} />
    </section>
  );
}
