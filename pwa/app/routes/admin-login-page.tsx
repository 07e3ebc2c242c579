import { LoginScreen } from '../../features/auth/login-screen';

export default function AdminLoginPage() {
  return <LoginScreen variant="admin" />;
}
