/**
 * A lesson's review questions, after the lesson: answer, "Check answer", and the feedback at once —
 * right or not, the right answer and the explanation. Ungraded: nothing here counts for the course.
 */
import { Button, Spinner, Text } from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnswerFeedback, AttemptQuestion, LearnerAssessment } from '@contracts/assessments';
import { ApiError } from '@pwa/lib/api-client';
import { assessmentKeys } from '../api/assessment-keys';
import { checkAnswer, fetchAttempt, startOrResume } from '../api/attempts';
import { useCourseAssessments } from '../api/get-course-assessments';
import { optionTexts } from '../lib/labels';
import { useAssessmentStyles } from './assessment-styles';
import { QuestionFieldset } from './question-fieldset';

function Feedback({ question, feedback }: { question: AttemptQuestion; feedback: AnswerFeedback }) {
  const styles = useAssessmentStyles();
  return (
    <>
      <Text as="p" className={feedback.correct ? styles.right : styles.wrong}>
        {feedback.correct ? 'Correct.' : `Not quite. The right answer: ${optionTexts(question.options, feedback.correctOptionIds)}.`}
      </Text>
      {feedback.explanation ? <Text as="p">{feedback.explanation}</Text> : null}
    </>
  );
}

function ReviewQuestion({ attemptId, question, label }: { attemptId: string; question: AttemptQuestion; label: string }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const check = useMutation({ mutationFn: () => checkAnswer(attemptId, { questionId: question.id, optionIds: chosen }) });
  return (
    <QuestionFieldset
      question={question}
      label={label}
      idPrefix="review"
      chosen={chosen}
      onChange={(ids) => {
        setChosen(ids);
        check.reset();
      }}
    >
      <div>
        <Button onClick={() => check.mutate()} disabled={chosen.length === 0 || check.isPending}>
          Check answer
        </Button>
      </div>
      <div aria-live="polite">
        {check.data ? <Feedback question={question} feedback={check.data} /> : null}
        {check.isError ? (
          <Text as="p" role="alert">
            {check.error instanceof ApiError
              ? (check.error.serverMessage ?? 'Your answer could not be checked.')
              : 'You appear to be offline: try again when you are back online.'}
          </Text>
        ) : null}
      </div>
    </QuestionFieldset>
  );
}

function ReviewSet({ assessment, viewer }: { assessment: LearnerAssessment; viewer: string }) {
  const styles = useAssessmentStyles();
  const attempt = useQuery({
    queryKey: assessmentKeys.review(assessment.id, viewer),
    queryFn: () => (assessment.openAttemptId ? fetchAttempt(assessment.openAttemptId) : startOrResume(assessment.id)),
    staleTime: Infinity,
    retry: false,
  });
  const headingId = `review-${assessment.id}`;
  let body;
  if (attempt.isPending) body = <Spinner size="small" label="Loading the review questions…" />;
  else if (attempt.isError) body = <Text>The review questions could not be loaded.</Text>;
  else {
    const total = attempt.data.questions.length;
    body = attempt.data.questions.map((question, index) => (
      <ReviewQuestion key={question.id} attemptId={attempt.data.attemptId} question={question} label={`Question ${index + 1} of ${total}`} />
    ));
  }
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subtitle}>
        {assessment.title}
      </h2>
      <Text>Check what you have learnt. These questions are not graded.</Text>
      {body}
    </section>
  );
}

export function ReviewQuestions({ courseId, lessonId, viewer }: { courseId: string; lessonId: string; viewer: string }) {
  const assessments = useCourseAssessments(courseId, viewer);
  const reviews = assessments.data?.filter((a) => a.kind === 'review' && a.lessonId === lessonId) ?? [];
  if (reviews.length === 0) return null;
  return (
    <>
      {reviews.map((assessment) => (
        <ReviewSet key={assessment.id} assessment={assessment} viewer={viewer} />
      ))}
    </>
  );
}
