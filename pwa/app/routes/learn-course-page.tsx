/** /learn/:courseId: a course's content (issue 29). Its titles are public; lessons open for the entitled. */
import { useParams } from 'react-router-dom';
import { SyllabusScreen } from '../../features/learning/components/syllabus-screen';
import { useAuth } from '../../session/use-auth';

export default function LearnCoursePage() {
  const { courseId = '' } = useParams();
  const { user, isLoading } = useAuth();
  return <SyllabusScreen key={courseId} courseId={courseId} userId={user?.id ?? null} authKnown={!isLoading} />;
}
