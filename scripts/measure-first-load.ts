/**
 * `npm run measure`: the JavaScript a first visit to the home page downloads before it paints
 * (see scripts/first-load-budget.ts), gzip-compressed, file by file; fails over the budget
 * (170 KiB gzip), and when payment (Stripe) or back-office code is part of it. Run after a build
 * (the build itself also fails over budget).
 */
import fs from 'node:fs';
import path from 'node:path';
import { FIRST_LOAD_BUDGET_KIB, kib, measureFirstLoad, overBudgetMessage } from './first-load-budget';

const dist = path.resolve(process.env.DIST_DIR ?? path.join(import.meta.dirname, '..', 'dist'));
const { files, total } = measureFirstLoad(dist);
for (const row of files) console.log(`${kib(row.gzip).padStart(7)} kB  ${row.file}`);
console.log(`${kib(total).padStart(7)} kB  first-load JavaScript (gzip), ${files.length} files; budget ${FIRST_LOAD_BUDGET_KIB} kB`);

let failed = false;
const forbidden = [/js\.stripe\.com/, /PaymentElement/, /Admin Access Required/, /createSubscription|create-subscription/];
const offenders = files.filter(({ file }) => forbidden.some((re) => re.test(fs.readFileSync(path.join(dist, 'assets', file), 'utf8'))));
if (offenders.length) {
  console.error(`Payment or back-office code is in the first load: ${offenders.map((o) => o.file).join(', ')}`);
  failed = true;
} else {
  console.log('No payment, editor or back-office code in the first load.');
}
const over = overBudgetMessage(total);
if (over) {
  console.error(over);
  failed = true;
}
if (failed) process.exit(1);
