/** /learn, My Training (issue 29) with the person's certificates below (issue 32): for the signed-in; signed out, the sign-in screen of protected pages. */
import { RequireRole } from '../../features/auth/route-guard';
import { MyCertificates } from '../../features/certificates/components/my-certificates';
import { MyTrainingScreen } from '../../features/learning/components/my-training-screen';
import { useAuthToken } from '../../session/auth-token';
import { useAuth } from '../../session/use-auth';

export default function LearnPage() {
  const { user } = useAuth();
  const token = useAuthToken();
  // Until a user is known: the guard's "Checking authentication..." or its "Login Required".
  if (!user || !token) return <RequireRole guard="customer">{null}</RequireRole>;
  return <MyTrainingScreen viewer={token} below={(library) => <MyCertificates viewer={token} library={library} />} />;
}
