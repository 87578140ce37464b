export { SigninPage } from './signin-page';
export { SignupPage } from './signup-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { ResetPasswordPage } from './reset-password-page';
