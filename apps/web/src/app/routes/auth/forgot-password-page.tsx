import { AuthCard, ForgotPasswordForm } from '@/features/accounts';

export function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Восстановление пароля"
      subtitle="Укажите телефон, на который зарегистрирован личный кабинет — мы пришлём ссылку для сброса пароля"
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
