/** Logout in the back office and on the contributor dashboard: ends the session and goes to / (back-office spec §2). */
import { Button } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../session/use-auth';

export function LogoutButton() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Button
      onClick={async () => {
        await logout();
        navigate('/');
      }}
    >
      Logout
    </Button>
  );
}
