// Sign-in, sign-up and password recovery, loaded when a guest first opens one of them.
export { ForgotPasswordPage } from './forgot-password-page';
export { ResetPasswordPage } from './reset-password-page';
export { SigninPage } from './signin-page';
export { SignupPage } from './signup-page';
