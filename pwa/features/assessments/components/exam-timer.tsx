/**
 * The time left of a timed attempt. The figure changes every second but is not read out; a polite
 * live region says "5 minutes left" and "1 minute left" once each (a screen opened with less time
 * left says the mark it is under, once). At zero the attempt is handed in (`onTimeUp`, once).
 */
import { useEffect, useRef, useState } from 'react';
import { useNow } from '../hooks/use-now';
import { announcement, formatTimeLeft, markReached } from '../lib/time-left';
import { useAssessmentStyles } from './assessment-styles';

export function ExamTimer({ expiresAt, onTimeUp, running }: { expiresAt: string; onTimeUp: () => void; running: boolean }) {
  const styles = useAssessmentStyles();
  const now = useNow(running);
  const left = Math.max(0, new Date(expiresAt).getTime() - now);
  const [said, setSaid] = useState('');
  const lastMark = useRef<number | null>(null);
  const timeUp = useRef(false);

  const mark = markReached(left);
  useEffect(() => {
    if (mark !== null && mark !== lastMark.current) {
      lastMark.current = mark;
      setSaid(announcement(mark));
    }
  }, [mark]);

  useEffect(() => {
    if (running && left <= 0 && !timeUp.current) {
      timeUp.current = true;
      onTimeUp();
    }
  }, [left, running, onTimeUp]);

  return (
    <div>
      <span>
        Time left: <strong data-testid="exam-time-left">{formatTimeLeft(left)}</strong>
      </span>
      <div aria-live="polite" role="status" className={styles.srOnly}>
        {said}
      </div>
    </div>
  );
}
