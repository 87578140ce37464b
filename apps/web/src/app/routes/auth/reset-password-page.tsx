import { useParams } from 'react-router';
import { ResetPasswordCard } from '@/features/accounts';

export function ResetPasswordPage() {
  const { id = '' } = useParams();
  return <ResetPasswordCard id={id} />;
}
