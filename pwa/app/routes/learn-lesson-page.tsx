/** /learn/:courseId/lessons/:lessonId: one lesson (issue 29), for the signed-in who may open it. */
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { ReviewQuestions } from '../../features/assessments/components/review-questions';
import { RequireRole } from '../../features/auth/route-guard';
import { LessonScreen } from '../../features/learning/components/lesson-screen';
import { discardEarlyPlayer } from '../../features/learning/lib/early-player-handoff';
import { useAuthToken } from '../../session/auth-token';

export default function LearnLessonPage() {
  const { courseId = '', lessonId = '' } = useParams();
  // With a session the lesson's reads start at once (the server decides; a refused token ends
  // the session and this page then shows the sign-in screen); without one, the sign-in screen.
  const token = useAuthToken();
  // The shell's early player, if no player of this page took it, goes when the page (or its lesson) does.
  useEffect(() => () => discardEarlyPlayer(), [lessonId]);
  if (!token) return <RequireRole guard="customer">{null}</RequireRole>;
  // A new lesson is a new screen: its player, progress and position start afresh. After it, its review questions.
  return (
    <LessonScreen
      key={lessonId}
      courseId={courseId}
      lessonId={lessonId}
      viewer={token}
      after={<ReviewQuestions courseId={courseId} lessonId={lessonId} viewer={token} />}
    />
  );
}
