// Types of check-entry-size.mjs for TypeScript callers (bench/compression.bench.test.ts).
export declare const ENTRY_JS_BUDGET_BYTES: number;
/** The local files index.html loads at once: scripts, module preloads and style sheets. */
export declare function entryAssets(distDir: string): { url: string; kind: 'js' | 'css' }[];
/** Bytes after gzip at the level of the build's precompressed .gz files. */
export declare function gzipSize(data: Buffer | string): number;
