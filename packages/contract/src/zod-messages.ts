import { z } from 'zod';
import { russianZodError } from './russian-zod-error.js';

// Every schema of the contract answers in Russian where it does not word a check itself. The browser's
// build drops this call with the rest of the contract's unused code (vite.config.ts), so the web app's
// forms pass the same messages to each check (`useFormFields`).
z.config({ localeError: russianZodError });
