import { AuthCard, SignInForm } from '@/features/accounts';

export function SigninPage() {
  return (
    <AuthCard title="Вход" subtitle="Войдите по номеру телефона и паролю">
      <SignInForm />
    </AuthCard>
  );
}
