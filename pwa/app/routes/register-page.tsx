import { RegisterScreen } from '../../features/auth/register-screen';

export default function RegisterPage() {
  return <RegisterScreen />;
}
