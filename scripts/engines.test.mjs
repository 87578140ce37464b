import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * No EBADENGINE warning on install: every package in package-lock.json that declares `engines.node`
 * accepts every Node version the shop says it supports (the root package.json's `engines.node`). npm
 * installs a package limited to other systems or processors (`os`, `cpu`) only there, so those are
 * checked only where they are installed.
 */
const root = path.resolve(import.meta.dirname, '..');
const supported = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

/** npm's rule for `os` and `cpu`: a `!name` excludes, any plain name limits to the names listed. */
function isInstalledOn(list, value) {
  if (!list) return true;
  if (list.includes(`!${value}`)) return false;
  const allowed = list.filter((entry) => !entry.startsWith('!'));
  return allowed.length === 0 || allowed.includes(value);
}

describe('the lockfile and the supported Node versions', () => {
  it('the supported range is a valid range and the Node running the tests is in it', () => {
    expect(semver.validRange(supported), supported).not.toBeNull();
    expect(semver.satisfies(process.version, supported), `${process.version} outside ${supported}`).toBe(true);
  });

  it('every package that names the Node versions it runs on accepts all the supported ones', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name, pkg]) => name !== '' && pkg.engines?.node)
      .filter(([, pkg]) => isInstalledOn(pkg.os, process.platform) && isInstalledOn(pkg.cpu, process.arch))
      .filter(([, pkg]) => !semver.validRange(pkg.engines.node) || !semver.subset(supported, pkg.engines.node))
      .map(([name, pkg]) => `${name}@${pkg.version}: node ${pkg.engines.node}`);
    expect(refusing, `package.json supports node ${supported}`).toEqual([]);
  });
});
