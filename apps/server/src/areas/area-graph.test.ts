import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const areasDir = import.meta.dirname;
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
