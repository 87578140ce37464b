// The accounts' limits and messages, apart from the schemas that use them: the browser shows them
// beside the fields, and a page that imports one should not bring zod along (the web app loads the
// forms' schemas only when a form is first touched, decision 039).
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const ACTIVATION_CODE_LENGTH = 6;
export const ACTIVATION_RESEND_SECONDS = 60;
export const ACTIVATION_CODE_TTL_MINUTES = 10;
export const ACTIVATION_MAX_ATTEMPTS = 5;
export const PASSWORD_RESET_TTL_MINUTES = 60;

export const FORGOT_PASSWORD_MESSAGE =
  'Если этот номер зарегистрирован, мы отправили на него ссылку для сброса пароля. Она действует 1 час.';
