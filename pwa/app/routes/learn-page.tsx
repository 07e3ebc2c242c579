/** /learn, My Training (issue 29): for the signed-in; signed out, the sign-in screen of protected pages. */
import { RequireRole } from '../../features/auth/route-guard';
import { MyTrainingScreen } from '../../features/learning/components/my-training-screen';
import { useAuth } from '../../session/use-auth';

export default function LearnPage() {
  const { user } = useAuth();
  // Until a user is known: the guard's "Checking authentication..." or its "Login Required".
  if (!user) return <RequireRole guard="customer">{null}</RequireRole>;
  return <MyTrainingScreen userId={user.id} />;
}
