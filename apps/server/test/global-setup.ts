import type { TestProject } from 'vitest/node';
import { preparePgliteTemplate, preparePostgresTemplate } from './fixtures/database-templates.js';

/** Once per run: the migrated database every API test's database starts from (fixtures/database-templates.ts). */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) project.provide('postgresTemplate', await preparePostgresTemplate(serverUrl));
  else project.provide('pgliteTemplate', await preparePgliteTemplate());
}
