import { z } from 'zod';

// zod 4 probes `new Function('')` to decide whether it may compile validators; the page's
// Content-Security-Policy forbids eval, so the probe itself is a violation. Imported first by main.tsx,
// before any schema is used.
z.config({ jitless: true });
