import { useSearchParams } from 'react-router';
import { AuthCard, SignUpForm } from '@/features/accounts';

/** Registration; `?ref=` of a referral link is sent as the referer. */
export function SignupPage() {
  const [searchParams] = useSearchParams();
  return (
    <AuthCard title="Регистрация" subtitle="Создайте личный кабинет, чтобы оплачивать заказы и получать кешбэк">
      <SignUpForm referer={searchParams.get('ref')?.trim() ?? ''} />
    </AuthCard>
  );
}
