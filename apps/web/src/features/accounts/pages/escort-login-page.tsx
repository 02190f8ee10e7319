import { LoginForm } from '../components/login-form.tsx';

export default function EscortLoginPage() {
  return <LoginForm type="usuario" />;
}
