// Server areas meet only through each other's public face (areas/<area>/index.ts) and own their
// tables; see docs/decisions/010-areas-and-public-faces.md. Generated per area folder, so a new area
// is covered without editing this file.
import fs from 'node:fs';
import path from 'node:path';

const areasDir = path.resolve(import.meta.dirname, '../apps/server/src/areas');
const areas = fs.existsSync(areasDir)
  ? fs
      .readdirSync(areasDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// `../<other area>/<anything but index.js>`; `../../shared/…` and the like are not areas.
const crossAreaInternals = {
  regex: String.raw`^\.\./[^./][^/]*/(?!index\.js$).+`,
  message: 'Другая область сервера — только через её index.ts (публичное лицо): не импортируйте её репозитории, сервисы и таблицы.',
};
const allTables = {
  regex: String.raw`/tables\.js$`,
  message: 'src/tables.ts собирает таблицы для миграций; берите таблицы своей области из <область>.schema.ts.',
};

/** @type {import('eslint').Linter.Config[]} */
export default [
  ...areas.map((area) => ({
    files: [`apps/server/src/areas/${area}/**/*.ts`],
    ignores: [`apps/server/src/areas/${area}/**/*.schema.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [crossAreaInternals, allTables] }] },
  })),
  {
    // A schema file may reference another area's table for a foreign key, and nothing else of it.
    files: ['apps/server/src/areas/*/*.schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\.\./[^./][^/]*/(?!index\.js$)(?!.*\.schema\.js$).+`,
              message: 'Файл схемы может сослаться только на таблицу другой области (ради внешнего ключа).',
            },
            allTables,
          ],
        },
      ],
    },
  },
  {
    // Shared code and integrations serve every area, so they know none of them.
    files: ['apps/server/src/shared/**/*.ts', 'apps/server/src/integrations/**/*.ts', 'apps/server/src/db/client.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: String.raw`(^|/)areas(/|\.js$)`, message: 'Общий код не зависит от областей сервера.' }] },
      ],
    },
  },
];
