/**
 * A final exam on this device (issue 34): the paper kept with the course's download, taken without
 * a connection and graded when it reaches the server. Before starting: that it is taken offline,
 * its facts and "Start exam"; while taking it: `OfflineTaking`; handed in: that it waits to be
 * sent; sent: its result, or why the server did not grade it (the attempts were used up on another
 * device meanwhile, the course is no longer the learner's).
 */
import { Button, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import type { AttemptQuestion } from '@contracts/assessments';
import { OFFLINE_EXAM_MESSAGES } from '@contracts/offline-learning';
import type { StoredPaper } from '@pwa/offline/learning/papers';
import { AssessmentFacts } from './assessment-facts';
import { devicePapers as papers } from '../lib/device-papers';
import { useAssessmentStyles } from './assessment-styles';
import { ExamResults } from './exam-results';
import { OfflineTaking } from './offline-taking';

/** Handed in: the Submit button is gone, so focus goes to what is said instead (read out as it is focused). */
function HandedIn() {
  const said = useRef<HTMLDivElement>(null);
  useEffect(() => said.current?.focus(), []);
  return (
    <MessageBar intent="success" ref={said} tabIndex={-1}>
      <MessageBarBody>{OFFLINE_EXAM_MESSAGES.handedIn}</MessageBarBody>
    </MessageBar>
  );
}

export interface OfflineExamProps {
  paper: StoredPaper;
  /** The paper changed on the device: read it again. */
  onChange: () => void;
}

export function OfflineExam({ paper, onChange }: OfflineExamProps) {
  const styles = useAssessmentStyles();
  const forget = () => void papers().then((p) => p.forgetPaper(paper.paperId).then(onChange));

  switch (paper.state) {
    case 'ready':
      return (
        <section className={styles.panel} aria-label="About this exam">
          <MessageBar intent="info">
            <MessageBarBody>{OFFLINE_EXAM_MESSAGES.takeOffline}</MessageBarBody>
          </MessageBar>
          <AssessmentFacts
            assessment={{
              questionCount: paper.paper.questions.length,
              passMarkPercent: paper.paper.passMarkPercent,
              timeLimitMinutes: paper.paper.timeLimitMinutes,
            }}
          />
          <div className={styles.actions}>
            <Button appearance="primary" onClick={() => void papers().then((p) => p.startPaper(paper.paperId).then(onChange))}>
              Start exam
            </Button>
          </div>
        </section>
      );
    case 'taking':
      return <OfflineTaking paper={paper} onHandedIn={onChange} />;
    case 'handedIn':
      return <HandedIn />;
    case 'refused':
      return (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>
            {OFFLINE_EXAM_MESSAGES.notGraded} {paper.problem}{' '}
            <Button appearance="transparent" size="small" onClick={forget}>
              OK
            </Button>
          </MessageBarBody>
        </MessageBar>
      );
    case 'graded':
      return paper.result ? (
        <ExamResults
          questions={paper.paper.questions as AttemptQuestion[]}
          result={paper.result}
          passMarkPercent={paper.paper.passMarkPercent}
          starting={false}
          onTryAgain={forget}
        />
      ) : (
        <Text as="p">{OFFLINE_EXAM_MESSAGES.handedIn}</Text>
      );
  }
}
