/** /admin/check-in/:courseId: the seminar door's scanner (issue 30, point 5), for staff who manage courses. */
import { useParams } from 'react-router-dom';
import { CheckInScreen } from '@pwa/features/admin-check-in/components/check-in-screen';

export default function CheckInPage() {
  const { courseId = '' } = useParams();
  return <CheckInScreen key={courseId} courseId={courseId} />;
}
