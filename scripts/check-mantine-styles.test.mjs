import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { missingMantineStyles } from './check-mantine-styles.mjs';

// The UI kit's styles per component (apps/web/src/mantine-styles.ts): a build whose scripts use a
// component that its CSS does not style is caught (Tooltip's class, read from @mantine/core's own file).
const TOOLTIP_CLASS = fs
  .readFileSync(path.join(import.meta.dirname, '../node_modules/@mantine/core/styles/Tooltip.css'), 'utf8')
  .match(/m_[0-9a-f]+/)[0];

let dist;
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

function builtWith({ js, css }) {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-mantine-styles-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-1.js'), js);
  fs.writeFileSync(path.join(dist, 'assets', 'index-1.css'), css);
  return dist;
}

describe('the UI kit styles check', () => {
  it('names the style file of a component the scripts use and the CSS leaves out', () => {
    const distDir = builtWith({ js: `const classes={tooltip:"${TOOLTIP_CLASS}"};`, css: '.m_77c9d27d{color:red}' });
    expect(missingMantineStyles(distDir)).toEqual(['Tooltip.css']);
  });

  it('passes when every class the scripts use is styled', () => {
    const distDir = builtWith({ js: `const classes={tooltip:"${TOOLTIP_CLASS}"};`, css: `.${TOOLTIP_CLASS}{position:absolute}` });
    expect(missingMantineStyles(distDir)).toEqual([]);
  });
});
