import { RegisterForm } from '../components/register-form.tsx';

export default function RegisterClientPage() {
  return <RegisterForm key="cliente" type="cliente" />;
}
