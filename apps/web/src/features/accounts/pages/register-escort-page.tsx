import { RegisterForm } from '../components/register-form.tsx';

export default function RegisterEscortPage() {
  return <RegisterForm key="usuario" type="usuario" />;
}
