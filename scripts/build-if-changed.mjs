// `npm start` builds only when a source changed since the last build, so a restart on the same code
// takes seconds instead of the whole build. The stamp is a hash of every input of the build.
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// A test points both at a small tree of its own and at a build that only leaves a trace
// (scripts/build-if-changed.test.mjs): the real build takes minutes.
const root = process.env.BUILD_IF_CHANGED_ROOT ? path.resolve(process.env.BUILD_IF_CHANGED_ROOT) : path.resolve(import.meta.dirname, '..');
const buildCommand = process.env.BUILD_IF_CHANGED_COMMAND || 'npm run build';
const stampFile = path.join(root, 'apps/server/dist/.build-stamp');
const inputs = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract',
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/tsconfig.build.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/vite-light-endpoints.ts',
  'apps/web/postcss.config.cjs',
  'scripts/precompress.mjs',
];
const outputs = ['packages/contract/dist/index.js', 'apps/server/dist/main.js', 'apps/web/dist/index.html'];

function hashInputs() {
  const hash = crypto.createHash('sha256');
  for (const input of inputs) {
    const full = path.join(root, input);
    if (!fs.existsSync(full)) continue;
    const files = fs.statSync(full).isDirectory()
      ? fs
          .readdirSync(full, { recursive: true, encoding: 'utf8' })
          .filter((f) => !f.split(path.sep).some((part) => part === 'node_modules' || part === 'dist'))
          .map((f) => path.join(full, f))
          .filter((f) => fs.statSync(f).isFile())
          .sort()
      : [full];
    for (const file of files) hash.update(path.relative(root, file)).update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

const stamp = hashInputs();
const isBuilt = outputs.every((o) => fs.existsSync(path.join(root, o)));
if (isBuilt && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) {
  console.log('Сборка не нужна: исходники не менялись с прошлой сборки.');
} else {
  execSync(buildCommand, { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stampFile, stamp);
}
