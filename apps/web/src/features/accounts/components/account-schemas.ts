/**
 * The schemas of the sign-in, sign-up and password forms, loaded when a form is first touched
 * (lib/lazy-schema.ts): imported only through `import()`, so zod stays out of the pages' first load.
 */
export { forgotPasswordBodySchema, resetPasswordBodySchema, signinBodySchema, signupBodySchema } from '@vmeste/contract';
