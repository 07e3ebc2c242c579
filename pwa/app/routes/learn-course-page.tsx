/** /learn/:courseId: a course's content (issue 29), its final exam (31) and signing it (33). Its titles are public; lessons open for the entitled. */
import { useParams } from 'react-router-dom';
import { FinalExamEntry } from '../../features/assessments/components/final-exam-entry';
import { SyllabusScreen } from '../../features/learning/components/syllabus-screen';
import { SignCompletion } from '../../features/team/components/sign-completion';
import { useAuthToken } from '../../session/auth-token';

export default function LearnCoursePage() {
  const { courseId = '' } = useParams();
  // The session's token: what the syllabus holds depends on who asks (read at once, not after the account).
  const token = useAuthToken();
  // The final exam's entry (facts, Start or Resume) under the content, then signing the completion
  // where the course asks for it (issue 33), for the entitled.
  const below = token ? (
    <>
      <FinalExamEntry courseId={courseId} viewer={token} />
      <SignCompletion courseId={courseId} viewer={token} />
    </>
  ) : null;
  return <SyllabusScreen key={courseId} courseId={courseId} viewer={token} exam={below} />;
}
