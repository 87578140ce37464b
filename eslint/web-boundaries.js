// Web features meet only through each other's public face (features/<feature>/index.ts); shared code
// (components/, lib/, config/) knows no feature and no app wiring; see apps/web/README.md. Generated
// per feature folder, so a new feature is covered without editing this file.
import fs from 'node:fs';
import path from 'node:path';

const featuresDir = path.resolve(import.meta.dirname, '../apps/web/src/features');
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// How deep a feature's files go (features/<feature>/components/<part>/… is depth 2); deeper files would
// only miss the check on relative paths, not the others.
const MAX_DEPTH = 4;

const featureInternals = {
  regex: String.raw`^@/features/[^/]+/.+`,
  message: 'Другая фича — только через её публичное лицо @/features/<фича> (index.ts), не через её внутренние файлы.',
};
const appFromFeature = {
  regex: String.raw`^@/app(/|$)`,
  message: 'Фича не зависит от app/: роутер, провайдер и страницы собирают фичи, а не наоборот.',
};
const ownFace = (feature) => ({
  regex: String.raw`^@/features/${feature}$`,
  message: 'Внутри фичи импортируйте свои файлы относительными путями, а не через её же index.ts.',
});
// From a file `depth` folders below the feature's root, this many `../` leave the feature.
const leavingFeature = (depth) => ({
  regex: String.raw`^(\.\./){${depth + 1}}`,
  message: 'Относительный путь не выходит из фичи: другая фича — через @/features/<фича>, общий код — через @/lib, @/components, @/config.',
});

/** @type {import('eslint').Linter.Config[]} */
export default [
  ...features.flatMap((feature) =>
    Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
      files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': ['error', { patterns: [featureInternals, ownFace(feature), appFromFeature, leavingFeature(depth)] }],
      },
    })),
  ),
  {
    // Shared code serves every feature, so it knows none of them and nothing of the app's wiring.
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^@/(features|app)(/|$)`,
              message: 'Общий код (components/, lib/, config/) не зависит от фич и от app/: передайте нужное пропсом из app/ или фичи.',
            },
            {
              regex: String.raw`^\.\.?/(.*/)?(features|app)(/|$)`,
              message: 'Общий код (components/, lib/, config/) не зависит от фич и от app/: передайте нужное пропсом из app/ или фичи.',
            },
          ],
        },
      ],
    },
  },
];
