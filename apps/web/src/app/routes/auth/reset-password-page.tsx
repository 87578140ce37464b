import { useParams } from 'react-router';
import { AuthCard, ResetPasswordForm } from '@/features/accounts';

export function ResetPasswordPage() {
  const { id = '' } = useParams();
  return (
    <AuthCard title="Сброс пароля" subtitle="Придумайте новый пароль для входа в личный кабинет">
      <ResetPasswordForm id={id} />
    </AuthCard>
  );
}
