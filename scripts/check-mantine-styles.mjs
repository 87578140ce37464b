// The UI kit's styles are imported per component (apps/web/src/mantine-styles.ts), not all of them:
// this check fails when the built app uses a component whose styles were left out. Mantine's
// components carry their class names (`m_` and a hash) in the built JavaScript; every such class that
// a file of @mantine/core/styles/ styles must be styled by the built CSS too. `npm test` runs it
// right after the build.
// Usage: node scripts/check-mantine-styles.mjs [dist dir, apps/web/dist by default]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MANTINE_CLASS = /\bm_[0-9a-f]{6,8}\b/g;

/** The Mantine style files whose classes the built JavaScript uses but the built CSS does not style. */
export function missingMantineStyles(distDir) {
  const assets = path.join(distDir, 'assets');
  const read = (ext) =>
    fs
      .readdirSync(assets)
      .filter((file) => file.endsWith(ext))
      .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'))
      .join('\n');
  const usedByScripts = new Set(read('.js').match(MANTINE_CLASS));
  const styled = new Set(read('.css').match(MANTINE_CLASS));
  const stylesDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
  const missing = [];
  for (const file of fs.readdirSync(stylesDir).filter((name) => name.endsWith('.css') && !name.endsWith('.layer.css'))) {
    const classes = fs.readFileSync(path.join(stylesDir, file), 'utf8').match(MANTINE_CLASS) ?? [];
    if (classes.some((name) => usedByScripts.has(name) && !styled.has(name))) missing.push(file);
  }
  return missing;
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const distDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
  if (!fs.existsSync(path.join(distDir, 'assets'))) {
    console.error(`check-mantine-styles: ${distDir}/assets is missing — build the web app first (npm run build -w apps/web)`);
    process.exit(1);
  }
  const missing = missingMantineStyles(distDir);
  if (missing.length > 0) {
    console.error(
      `The built app uses Mantine components whose styles are not imported: ${missing.join(', ')}.\n` +
        `Add them to apps/web/src/mantine-styles.ts (import '@mantine/core/styles/<file>'), after the files they build on.`,
    );
    process.exit(1);
  }
  console.log('Mantine styles: every component the built app uses is styled');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
