// Writes .br and .gz beside every compressible file of a build, so the server sends them as they are.
// Usage: node scripts/precompress.mjs <dir>
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/precompress.mjs <dir>');
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

let files = 0;
for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
  const file = path.join(dir, name);
  if (!compressible.test(file) || !fs.statSync(file).isFile()) continue;
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  files += 1;
}
console.log(`precompressed ${files} files in ${dir}`);
