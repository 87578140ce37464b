// The accounts feature as the app sees it: leaving the session, reading and reloading the user, the account forms.
export { endLostSession, logout } from './api/logout';
export { getCurrentUser, useReloadCurrentUserOnOpen } from './api/get-current-user';
export { AccountDetailsCard } from './components/account-details-card';
export { ActivationForm } from './components/activation-form';
export { AuthCard } from './components/auth-card';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { PasswordForm } from './components/password-form';
export { ProfileForm } from './components/profile-form';
export { ReferralLinkCard } from './components/referral-link-card';
export { ResetPasswordCard } from './components/reset-password-card';
export { SignInForm } from './components/sign-in-form';
export { SignUpForm } from './components/sign-up-form';
