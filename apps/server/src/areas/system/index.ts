/** The service itself: health, the public settings, the development outbox. Owns no tables. */
export { publicSettingsOf, systemRoutes } from './system.routes.js';
export { systemJobs } from './system.jobs.js';
