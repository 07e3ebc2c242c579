/**
 * An attempt's result: the score, passed or not, the attempts left, and — only when the server
 * sent it (the assessment's "show answers" allows it now) — each question with the learner's
 * answer, the right one and the explanation. "Try again" while attempts are left and not passed.
 */
import { Button, Text } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { mayStartAttempt, type AttemptQuestion, type AttemptResult, type QuestionReview } from '@contracts/assessments';
import { LazyRichText } from '@pwa/components/lazy-rich-text';
import { attemptsLeftText, optionTexts } from '../lib/labels';
import { useAssessmentStyles } from './assessment-styles';

function ReviewItem({ question, review, number }: { question: AttemptQuestion; review: QuestionReview; number: number }) {
  const styles = useAssessmentStyles();
  return (
    <li className={styles.panel}>
      <h3 className={styles.subtitle}>
        Question {number}: <span className={review.correct ? styles.right : styles.wrong}>{review.correct ? 'Correct' : 'Incorrect'}</span>
      </h3>
      <LazyRichText className={`rich-text ${styles.questionText}`} html={question.text} />
      <dl className={styles.facts}>
        <dt className={styles.factTerm}>Your answer</dt>
        <dd className={styles.factValue}>{optionTexts(question.options, review.chosenOptionIds)}</dd>
        <dt className={styles.factTerm}>Right answer</dt>
        <dd className={styles.factValue}>{optionTexts(question.options, review.correctOptionIds)}</dd>
      </dl>
      {review.explanation ? <Text as="p">{review.explanation}</Text> : null}
    </li>
  );
}

export interface ExamResultsProps {
  questions: readonly AttemptQuestion[];
  result: AttemptResult;
  passMarkPercent?: number;
  onTryAgain: () => void;
  starting: boolean;
}

export function ExamResults({ questions, result, passMarkPercent, onTryAgain, starting }: ExamResultsProps) {
  const styles = useAssessmentStyles();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const byId = new Map(questions.map((q, index) => [q.id, { question: q, number: index + 1 }]));
  return (
    <section className={styles.panel} aria-labelledby="exam-result-heading" data-testid="exam-result">
      <h2 id="exam-result-heading" ref={heading} tabIndex={-1} className={styles.subtitle}>
        {result.passed ? 'You passed' : 'Not passed'}
      </h2>
      <dl className={styles.facts}>
        <dt className={styles.factTerm}>Your score</dt>
        <dd className={styles.factValue} data-testid="exam-score">
          {result.scorePercent} %
        </dd>
        {passMarkPercent !== undefined ? (
          <>
            <dt className={styles.factTerm}>Pass mark</dt>
            <dd className={styles.factValue}>{passMarkPercent} %</dd>
          </>
        ) : null}
        <dt className={styles.factTerm}>Attempts</dt>
        <dd className={styles.factValue}>{attemptsLeftText(result.attemptsLeft)}</dd>
      </dl>
      {mayStartAttempt(result.passed, result.attemptsLeft) ? (
        <div className={styles.actions}>
          <Button appearance="primary" onClick={onTryAgain} disabled={starting}>
            Try again
          </Button>
        </div>
      ) : null}
      {result.review && result.review.length > 0 ? (
        <>
          <h2 className={styles.subtitle}>Your answers</h2>
          <ol className={styles.questions} aria-label="Your answers">
            {result.review.map((review) => {
              const found = byId.get(review.questionId);
              return found ? <ReviewItem key={review.questionId} question={found.question} review={review} number={found.number} /> : null;
            })}
          </ol>
        </>
      ) : null}
    </section>
  );
}
