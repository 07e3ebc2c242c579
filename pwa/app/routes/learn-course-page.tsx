/** /learn/:courseId: a course's content (issue 29). Its titles are public; lessons open for the entitled. */
import { useParams } from 'react-router-dom';
import { FinalExamEntry } from '../../features/assessments/components/final-exam-entry';
import { SyllabusScreen } from '../../features/learning/components/syllabus-screen';
import { useAuthToken } from '../../session/auth-token';

export default function LearnCoursePage() {
  const { courseId = '' } = useParams();
  // The session's token: what the syllabus holds depends on who asks (read at once, not after the account).
  const token = useAuthToken();
  // The final exam's entry (facts, Start or Resume) under the content, for the entitled.
  return <SyllabusScreen key={courseId} courseId={courseId} viewer={token} exam={token ? <FinalExamEntry courseId={courseId} viewer={token} /> : null} />;
}
