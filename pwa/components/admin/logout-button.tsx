/**
 * Logout in the back office and on the contributor dashboard: ends the session, deletes the back
 * office's data on this device (asking first when changes have not been sent), and goes to /
 * (back-office spec §2).
 */
import { Button } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../session/use-auth';
import { adminDb, deleteAdminDb } from '../../offline/back-office/admin-db';

export function LogoutButton() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Button
      onClick={async () => {
        // Signing out deletes the back office's data on this device, unsent changes included.
        const waiting = await adminDb().outbox.count();
        if (
          waiting &&
          !window.confirm(
            `${waiting} ${waiting === 1 ? 'change has' : 'changes have'} not reached the server yet and will be lost if you log out now. Log out anyway?`,
          )
        )
          return;
        await logout();
        await deleteAdminDb();
        navigate('/');
      }}
    >
      Logout
    </Button>
  );
}
