import { LoginForm } from '../components/login-form.tsx';

export default function ClientLoginPage() {
  return <LoginForm type="cliente" />;
}
