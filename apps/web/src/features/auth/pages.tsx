import { SectionPlaceholder } from '@/components/section-placeholder';

export { SigninPage } from './signin-page';
export { SignupPage } from './signup-page';
export const ForgotPasswordPage = SectionPlaceholder;
export const ResetPasswordPage = SectionPlaceholder;
