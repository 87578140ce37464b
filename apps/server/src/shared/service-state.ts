/**
 * How the shop reaches one outside service, for the start-up summary (decision 022): the real
 * service, a built-in emulator, a test mode that moves no money, or not at all. Each area that talks
 * to a service says its own state; `outside-services.ts` gathers and prints them.
 */
export type ServiceMode = 'real' | 'emulated' | 'sandbox' | 'off';
export type ServiceState = { service: string; mode: ServiceMode; detail: string };
