/**
 * The bank as CSV (issue 31, point 1; columns QUESTION_CSV_COLUMNS): "Export CSV" downloads the
 * server's file (GET /api/courses/:id/questions.csv); "Import CSV" sends a file at once (a file is
 * not a write the outbox keeps) and says "N questions imported", or the server's message with each
 * refused row's number and why (nothing is imported then).
 */
import { Button, MessageBar, MessageBarBody, MessageBarTitle, mergeClasses } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { QUESTION_CSV_COLUMNS } from '@contracts/assessments';
import { downloadFile } from '@pwa/lib/download-file';
import { useNotify } from '@pwa/lib/notify';
import { failure } from '@pwa/lib/toasts';
import { assessmentKeys, coursePath } from '../api/assessment-keys';
import { importQuestions, importRefusalOf, type ImportRowError } from '../api/import-questions';
import { useAssessmentStyles } from './assessments-styles';

type Outcome = { kind: 'imported'; count: number } | { kind: 'refused'; message: string; errors: ImportRowError[] } | null;

export function QuestionCsv({ courseId, hasQuestions }: { courseId: string; hasQuestions: boolean }) {
  const styles = useAssessmentStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const exportCsv = async () => {
    setBusy('export');
    try {
      await downloadFile(`${coursePath(courseId)}/questions.csv`, `questions_${courseId}.csv`);
    } catch (error) {
      notify(failure(error, 'The questions could not be exported. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const importCsv = async (file: File) => {
    setBusy('import');
    setOutcome(null);
    try {
      const { imported } = await importQuestions(courseId, file);
      setOutcome({ kind: 'imported', count: imported });
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.course(courseId) });
    } catch (error) {
      const refusal = importRefusalOf(error);
      if (refusal) setOutcome({ kind: 'refused', ...refusal });
      else notify(failure(error, 'The questions could not be imported. Please try again.'));
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <Button disabled={busy !== null || !hasQuestions} onClick={() => void exportCsv()}>
        Export CSV
      </Button>
      <Button disabled={busy !== null} onClick={() => input.current?.click()}>
        {busy === 'import' ? 'Importing…' : 'Import CSV'}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        aria-label="Questions CSV file"
        className={styles.hiddenInput}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void importCsv(file);
        }}
      />
      <span className={mergeClasses(styles.meta, styles.wide)}>
        Columns: {QUESTION_CSV_COLUMNS.slice(0, 5).join(', ')}, … option_10; correct lists option numbers, e.g. “1;3”.
      </span>
      {outcome ? (
        <MessageBar className={styles.wide} intent={outcome.kind === 'imported' ? 'success' : 'error'} role="status">
          <MessageBarBody>
            {outcome.kind === 'imported' ? (
              `${outcome.count} ${outcome.count === 1 ? 'question' : 'questions'} imported`
            ) : (
              <>
                <MessageBarTitle>{outcome.message}</MessageBarTitle>
                {outcome.errors.length ? (
                  <ul className={styles.list}>
                    {outcome.errors.map((e) => (
                      <li key={`${e.row}-${e.message}`}>
                        Row {e.row}: {e.message}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </>
            )}
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </>
  );
}
