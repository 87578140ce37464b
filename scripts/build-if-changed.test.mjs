import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * `npm start` builds only when a source changed: scripts/build-if-changed.mjs runs on a small tree of
 * its own, with a build that writes the outputs and counts itself instead of the real multi-minute one.
 */
const script = path.join(import.meta.dirname, 'build-if-changed.mjs');

/** Writes the build's outputs and one line per build to builds.log (not an input of the build). */
const fakeBuild = `
import fs from 'node:fs';
for (const file of ['packages/contract/dist/index.js', 'apps/server/dist/main.js', 'apps/web/dist/index.html']) {
  fs.mkdirSync(file.slice(0, file.lastIndexOf('/')), { recursive: true });
  fs.writeFileSync(file, '');
}
fs.appendFileSync('builds.log', 'built\\n');
`;

let root;

function write(file, text) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

function start() {
  return execFileSync(process.execPath, [script], {
    encoding: 'utf8',
    env: { ...process.env, BUILD_IF_CHANGED_ROOT: root, BUILD_IF_CHANGED_COMMAND: `"${process.execPath}" fake-build.mjs` },
  });
}

const builds = () =>
  fs.existsSync(path.join(root, 'builds.log')) ? fs.readFileSync(path.join(root, 'builds.log'), 'utf8').split('\n').length - 1 : 0;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-if-changed-'));
  write('fake-build.mjs', fakeBuild);
  write('package-lock.json', '{}');
  write('packages/contract/src/index.ts', 'export const a = 1;\n');
  write('apps/server/src/main.ts', 'console.log(1);\n');
  write('apps/web/src/main.tsx', 'export {};\n');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when a source changed', () => {
  it('the first start builds, a second start on the same sources does not', () => {
    start();
    expect(builds()).toBe(1);
    expect(start()).toContain('Сборка не нужна');
    expect(builds()).toBe(1);
  });

  it('a changed, added or deleted source builds again, once', () => {
    start();
    write('apps/server/src/main.ts', 'console.log(2);\n');
    start();
    expect(builds()).toBe(2);
    start();
    expect(builds()).toBe(2);

    write('apps/web/src/new-page.tsx', 'export {};\n');
    start();
    expect(builds()).toBe(3);
    fs.rmSync(path.join(root, 'packages/contract/src/index.ts'));
    start();
    expect(builds()).toBe(4);
  });

  it('a missing output builds again though the sources are the same', () => {
    start();
    fs.rmSync(path.join(root, 'apps/web/dist/index.html'));
    start();
    expect(builds()).toBe(2);
  });

  it('a file only touched (same content) does not build', () => {
    start();
    const file = path.join(root, 'apps/server/src/main.ts');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(file, later, later);
    start();
    expect(builds()).toBe(1);
  });
});
