import { ForgotForm } from '../components/forgot-form.tsx';

export default function ForgotEscortPage() {
  return <ForgotForm type="usuario" />;
}
