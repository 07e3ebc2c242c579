/** /downloads (issue 34): the courses kept on this device for learning offline; signed out, the sign-in screen of protected pages. Opens offline. */
import { RequireRole } from '../../features/auth/route-guard';
import { DownloadsScreen } from '../../features/learning/components/downloads-screen';
import { useAuthToken } from '../../session/auth-token';

export default function DownloadsPage() {
  const token = useAuthToken();
  if (!token) return <RequireRole guard="customer">{null}</RequireRole>;
  return <DownloadsScreen />;
}
