/**
 * `npm run test:mysql`: the API and database suites against MySQL/MariaDB. Each test file creates
 * its own fresh database on the server named by TEST_MYSQL_URL and drops it afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, summarize, vitestCounts } from './run-steps';

const url = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'training-mysql-')), 'vitest.json');
console.log(`API suite on MySQL at ${url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}`);
const code = run('npx', ['vitest', 'run', 'tests/api', 'db', '--reporter=default', '--reporter=json', `--outputFile=${report}`], { TEST_MYSQL_URL: url });
summarize('npm run test:mysql', [vitestCounts(report)], [code], ['vitest (MySQL)']);
