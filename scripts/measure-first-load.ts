/**
 * `npm run measure`: the JavaScript a first visit to the home page downloads (the entry, what
 * it statically imports, and the home page's chunk with its static imports), gzip-compressed,
 * and a check that no payment (Stripe) or back-office code is part of it. Run after a build.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.env.DIST_DIR ?? path.join(import.meta.dirname, '..', 'dist'));
const assets = path.join(dist, 'assets');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('dist/index.html has no module entry: build first (npx vite build)');

const staticImports = (file: string): string[] => {
  const code = fs.readFileSync(path.join(assets, file), 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:import|from)\s*["']\.\/([\w.-]+\.js)["']/g)) found.add(match[1]!);
  return [...found];
};

const collect = (start: string, into: Set<string>) => {
  const queue = [start];
  while (queue.length) {
    const file = queue.pop()!;
    if (into.has(file)) continue;
    into.add(file);
    queue.push(...staticImports(file));
  }
};

const firstLoad = new Set<string>();
collect(entry, firstLoad);
const entryCode = fs.readFileSync(path.join(assets, entry), 'utf8');
const home = /["']\.\/(home-page-[\w-]+\.js)["']/.exec(entryCode)?.[1] ?? fs.readdirSync(assets).find((f) => f.startsWith('home-page-'));
if (home) collect(home, firstLoad);

let total = 0;
const rows = [...firstLoad].map((file) => {
  const gzip = zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length;
  total += gzip;
  return { file, gzip };
});
rows.sort((a, b) => b.gzip - a.gzip);
for (const row of rows) console.log(`${(row.gzip / 1024).toFixed(1).padStart(7)} kB  ${row.file}`);
console.log(`${(total / 1024).toFixed(1).padStart(7)} kB  first-load JavaScript (gzip), ${rows.length} files`);

const forbidden = [/js\.stripe\.com/, /PaymentElement/, /Admin Access Required/, /createSubscription|create-subscription/];
const offenders = rows.filter(({ file }) => forbidden.some((re) => re.test(fs.readFileSync(path.join(assets, file), 'utf8'))));
if (offenders.length) {
  console.error(`Payment or back-office code is in the first load: ${offenders.map((o) => o.file).join(', ')}`);
  process.exit(1);
}
console.log('No payment, editor or back-office code in the first load.');
