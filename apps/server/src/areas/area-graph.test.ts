import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const areasDir = import.meta.dirname;
const srcDir = path.join(areasDir, '..');
const contractDir = path.join(srcDir, '../../../packages/contract/src');
const areas = fs
  .readdirSync(areasDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Which areas each area imports (type-only imports included), read from the source. */
function areaGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const area of areas) {
    const uses = new Set<string>();
    for (const file of fs.readdirSync(path.join(areasDir, area), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue;
      const source = fs.readFileSync(path.join(areasDir, area, file), 'utf8');
      for (const [, other] of source.matchAll(/from '\.\.\/([\w-]+)\//g))
        if (other && other !== area && areas.includes(other)) uses.add(other);
    }
    graph.set(area, uses);
  }
  return graph;
}

function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  function visit(node: string): string[] | null {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'visiting') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  }
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Every file of a folder and the files it imports (relative imports, type-only and dynamic ones
 * included), read from the source; each file is named by `unitOf` its path, so the graph can be of
 * files or of folders. Tests are left out: beside the code, they are no part of what runs.
 */
function importGraph(dir: string, unitOf: (file: string) => string = (file) => file): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const from = unitOf(file);
    const uses = graph.get(from) ?? new Set<string>();
    graph.set(from, uses);
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const [, target] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const to = unitOf(path.join(path.dirname(file), target!).replace(/\.js$/, '.ts'));
      if (to !== from) uses.add(to);
    }
  }
  return graph;
}

/** A file's place in the server: its area (`areas/orders`), its folder (`db`), or itself at the top (`app.ts`). */
function unitOf(file: string): string {
  const parts = file.split(path.sep);
  if (parts[0] === 'areas' && parts.length > 2) return `areas/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : file;
}

/**
 * The server's floors, lowest first: an import goes down or stays on its floor, never up. The ground
 * knows no area; the areas know the ground and each other's faces; the composition root (which builds
 * the areas, gathers their tables for drizzle-kit and starts the app, migrates or backs it up) knows everything.
 */
const floors: { name: string; units: (unit: string) => boolean }[] = [
  { name: 'ground', units: (u) => ['db', 'shared', 'http', 'integrations', 'jobs', 'plugins', 'config.ts'].includes(u) },
  { name: 'areas', units: (u) => u.startsWith('areas/') },
  {
    name: 'composition root',
    // migrate.ts and operations/ (backup, restore) are entry points beside main.ts.
    units: (u) =>
      ['areas.ts', 'app.ts', 'main.ts', 'migrate.ts', 'operations', 'tables.ts', 'outside-services.ts', 'shutdown.ts', 'seed'].includes(u),
  },
];
const floorOf = (unit: string) => floors.findIndex((f) => f.units(unit));

/** The imports that climb: from a lower floor up to a higher one, or from a place on no floor. */
function upwardArrows(graph: Map<string, Set<string>>): string[] {
  return [...graph].flatMap(([from, uses]) =>
    floorOf(from) < 0 ? [`${from}: on no floor`] : [...uses].filter((to) => floorOf(to) > floorOf(from)).map((to) => `${from} → ${to}`),
  );
}

describe('the server src', () => {
  it('has no import cycle between files', () => {
    expect(findCycle(importGraph(srcDir))).toBeNull();
  });

  it('has no import cycle between its places (areas, folders, top files)', () => {
    expect(findCycle(importGraph(srcDir, unitOf))).toBeNull();
  });

  it('imports only down its floors: nothing on the ground knows an area or the composition root', () => {
    expect(upwardArrows(importGraph(srcDir, unitOf))).toEqual([]);
  });

  it('finds an arrow up', () => {
    const graph = new Map([
      ['db', new Set(['areas/orders'])],
      ['areas/orders', new Set(['db', 'http'])],
      ['scripts', new Set<string>()],
    ]);
    expect(upwardArrows(graph)).toEqual(['db → areas/orders', 'scripts: on no floor']);
  });
});

describe('the contract', () => {
  it('has no import cycle between files', () => {
    expect(findCycle(importGraph(contractDir))).toBeNull();
  });
});

describe('server areas', () => {
  it('import each other without cycles', () => {
    expect(findCycle(areaGraph())).toBeNull();
  });

  it('each have a public face', () => {
    for (const area of areas) expect(fs.existsSync(path.join(areasDir, area, 'index.ts')), area).toBe(true);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['orders', new Set(['purchases'])],
      ['purchases', new Set(['cards', 'orders'])],
      ['cards', new Set<string>()],
    ]);
    expect(findCycle(graph)).toEqual(['orders', 'purchases', 'orders']);
  });
});
