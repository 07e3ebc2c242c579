/**
 * /learn/:courseId/assessments/:assessmentId: a final exam. Before starting: its facts and "Start
 * exam" (or straight on when opened from the course's "Start exam"); an open attempt is resumed
 * (its saved answers and this device's unsent ones); once handed in, the result. Without a
 * connection, the paper kept with the course's download (`OfflineExam`, issue 34).
 */
import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ASSESSMENT_MESSAGES, type AttemptResult, type AttemptView } from '@contracts/assessments';
import { ArrowLeftIcon } from '@pwa/components/icons';
import { TextLink } from '@pwa/components/layout/router-links';
import { ApiError, isUnavailable } from '@pwa/lib/api-client';
import { assessmentKeys } from '../api/assessment-keys';
import { startOrResume, useAttempt } from '../api/attempts';
import { useCourseAssessments } from '../api/get-course-assessments';
import { useOfflinePaper } from '../hooks/use-offline-paper';
import { devicePapers } from '../lib/device-papers';
import { courseContentPath } from '../lib/paths';
import { ExamOverview, examAction } from './assessment-facts';
import { useAssessmentStyles } from './assessment-styles';
import { ExamResults } from './exam-results';
import { ExamTaking } from './exam-taking';
import { OfflineExam } from './offline-exam';

/** A paper on this device is shown in these states whatever the connection: the learner's answers are in it. */
const DEVICE_FIRST = new Set(['taking', 'handedIn', 'refused']);

export interface ExamScreenProps {
  courseId: string;
  assessmentId: string;
  viewer: string;
  /** After a result: what shows completion (My Training, the syllabus) is read again. */
  onFinished?: () => void;
}

function problemText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Please log in to take this exam.';
    if (error.status === 403) return error.serverMessage ?? 'You do not have access to this course.';
    return error.serverMessage ?? fallback;
  }
  return 'You appear to be offline. Check your connection and try again.';
}

export function ExamScreen({ courseId, assessmentId, viewer, onFinished }: ExamScreenProps) {
  const styles = useAssessmentStyles();
  const queryClient = useQueryClient();
  const list = useCourseAssessments(courseId, viewer);
  const entry = list.data?.find((a) => a.id === assessmentId && a.kind === 'final');
  const [chosenAttempt, setChosenAttempt] = useState<string | null>(null);
  const current = chosenAttempt ?? entry?.openAttemptId ?? null;
  const attempt = useAttempt(current, viewer);
  // This device's paper: taken offline, sent when online; once graded, its attempt is read like any other.
  const device = useOfflinePaper(assessmentId, viewer);
  const [params, setParams] = useSearchParams();
  const autoStarted = useRef(false);

  const start = useMutation({
    mutationFn: () => startOrResume(assessmentId),
    onSuccess: (view) => {
      queryClient.setQueryData(assessmentKeys.attempt(view.attemptId, viewer), view);
      setChosenAttempt(view.attemptId);
    },
  });

  // Opened by the course's "Start exam": started at once (once; the address forgets it so a reload does not start another).
  useEffect(() => {
    if (!entry || autoStarted.current || !params.has('start')) return;
    autoStarted.current = true;
    if (examAction(entry) === 'Start exam') start.mutate();
    const rest = new URLSearchParams(params);
    rest.delete('start');
    setParams(rest, { replace: true });
  }, [entry, params, setParams, start]);

  const title = entry?.title ?? attempt.data?.title ?? device.paper?.paper.title ?? 'Final exam';
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} | LifeScience Academy`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  const onSubmitted = useCallback(
    (result: AttemptResult) => {
      // The result stays on screen once the course's list no longer names this attempt as open.
      setChosenAttempt(result.attemptId);
      queryClient.setQueryData<AttemptView>(assessmentKeys.attempt(result.attemptId, viewer), (view) =>
        view ? { ...view, status: 'submitted', result } : view,
      );
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.course(courseId, viewer) });
      onFinished?.();
    },
    [queryClient, courseId, viewer, onFinished],
  );

  const devicePaper = device.paper;
  const unreachable = list.isError && isUnavailable(list.error);
  const gradedResult = devicePaper?.state === 'graded' && list.isSuccess ? devicePaper.result : null;
  useEffect(() => {
    if (!gradedResult || !devicePaper) return;
    onSubmitted(gradedResult);
    void devicePapers()
      .then((p) => p.forgetPaper(devicePaper.paperId))
      .then(device.refresh);
  }, [gradedResult, devicePaper, onSubmitted, device.refresh]);
  const offlineShown =
    !!devicePaper && (DEVICE_FIRST.has(devicePaper.state) || (unreachable && (devicePaper.state === 'ready' || devicePaper.state === 'graded')));

  let content;
  if (offlineShown) {
    content = <OfflineExam paper={devicePaper} onChange={device.refresh} />;
  } else if (list.isPending || (current && attempt.isPending) || (unreachable && device.loading)) {
    content = (
      <div className={styles.center}>
        <Spinner label={current ? 'Loading your attempt…' : 'Loading the exam…'} />
      </div>
    );
  } else if (list.isError || attempt.isError) {
    content = (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>
          {problemText(list.error ?? attempt.error, 'The exam could not be loaded.')}{' '}
          <Button appearance="transparent" size="small" onClick={() => void (list.isError ? list.refetch() : attempt.refetch())}>
            Try again
          </Button>
        </MessageBarBody>
      </MessageBar>
    );
  } else if (!entry && !attempt.data) {
    content = <p>{ASSESSMENT_MESSAGES.notFound}</p>;
  } else if (attempt.data?.status === 'open') {
    content = <ExamTaking key={attempt.data.attemptId} view={attempt.data} onSubmitted={onSubmitted} />;
  } else if (attempt.data?.result) {
    content = (
      <ExamResults
        questions={attempt.data.questions}
        result={attempt.data.result}
        passMarkPercent={entry?.passMarkPercent}
        starting={start.isPending}
        onTryAgain={() => start.mutate()}
      />
    );
  } else if (entry) {
    content = (
      <section className={styles.panel} aria-label="About this exam">
        <ExamOverview
          exam={entry}
          action={(label) => (
            <Button appearance="primary" onClick={() => start.mutate()} disabled={start.isPending}>
              {start.isPending ? 'Starting…' : label}
            </Button>
          )}
        />
      </section>
    );
  }

  return (
    <div className={styles.page}>
      <nav aria-label="Breadcrumb">
        <TextLink to={courseContentPath(courseId)} className={styles.back}>
          <ArrowLeftIcon size={16} />
          Course content
        </TextLink>
      </nav>
      <h1 className={styles.title}>{title}</h1>
      {content}
      {start.isError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{problemText(start.error, 'The exam could not be started.')}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
