import { ForgotForm } from '../components/forgot-form.tsx';

export default function ForgotClientPage() {
  return <ForgotForm type="cliente" />;
}
