export * from './roles.js';
export * from './phone.js';
export * from './errors.js';
export * from './users.js';
export * from './auth.js';
export * from './health.js';
export * from './plural.js';
export * from './settings.js';
