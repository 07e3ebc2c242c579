/** /learn/:courseId/lessons/:lessonId: one lesson (issue 29), for the signed-in who may open it. */
import { useParams } from 'react-router-dom';
import { RequireRole } from '../../features/auth/route-guard';
import { LessonScreen } from '../../features/learning/components/lesson-screen';
import { useAuth } from '../../session/use-auth';

export default function LearnLessonPage() {
  const { courseId = '', lessonId = '' } = useParams();
  const { user } = useAuth();
  if (!user) return <RequireRole guard="customer">{null}</RequireRole>;
  // A new lesson is a new screen: its player, progress and position start afresh.
  return <LessonScreen key={lessonId} courseId={courseId} lessonId={lessonId} userId={user.id} />;
}
