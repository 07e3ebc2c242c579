/**
 * Issue 32, point 2: with CERT_SIGNING_P12 the certificate PDF is signed as a PDF with the
 * issuer's certificate — a reader's check holds, and fails after one byte of the content changes;
 * the PDF still reads and carries its QR code. A file that cannot be opened with its passphrase
 * stops the start with the reason. Without it, PDFs are unsigned (the other suites).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPdfSigning } from '@api/boot';
import { certificateFixtures, type Person } from './support/certificate-fixtures';
import { download, pdfQrCode, pdfText } from './support/documents';
import { makeTestP12, pdfSignature } from './support/pdf-signature';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let f: ReturnType<typeof certificateFixtures>;
let holder: Person;
const clock = { now: new Date('2026-11-26T10:00:00.000Z') };
const p12 = makeTestP12('LifeScience Academy Certificates', 'correct horse');

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now, certificateSigning: { p12, passphrase: 'correct horse' } });
  f = certificateFixtures(db, () => api, clock);
  const courseId = await f.videoCourse({ title: 'GMP Signed' });
  holder = await f.customer('Ada Lovelace', courseId);
  await f.watchAll([holder], courseId);
  await f.runJobs();
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

describe('signed certificate PDFs', () => {
  it('are signed with the issuer’s certificate; a reader’s check holds, and fails after one changed byte', async () => {
    const [certificate] = (await api.get('/api/me/certificates', holder.headers)).body;
    const file = await download(api.baseUrl, certificate.pdfUrl, holder.headers);
    expect(file.status).toBe(200);
    const signature = pdfSignature(file.bytes);
    expect(signature).toEqual({ signed: true, valid: true, signer: 'LifeScience Academy Certificates', reason: `Certificate ${certificate.number}` });
    expect(pdfQrCode(file.bytes)).toBe(certificate.verifyUrl);
    expect(await pdfText(file.bytes)).toContain('Ada Lovelace');

    const tampered = Buffer.from(file.bytes);
    const at = tampered.indexOf('/Producer');
    tampered[at + 2] = tampered[at + 2]! ^ 1;
    expect(pdfSignature(tampered).valid).toBe(false);
  });

  it('the mailed PDF is the signed one', async () => {
    await f.runJobs(true);
    const mail = api.sent.find((m) => m.subject.startsWith('Your certificate for GMP Signed'));
    const attachment = mail!.attachments![0]!.content as Buffer;
    expect(pdfSignature(attachment)).toMatchObject({ signed: true, valid: true });
  });

  it('a PKCS#12 file that cannot be opened stops the start with the reason', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p12-'));
    const file = path.join(dir, 'issuer.p12');
    fs.writeFileSync(file, p12);
    expect(loadPdfSigning({ p12File: file, passphrase: 'correct horse' }).p12.equals(p12)).toBe(true);
    expect(() => loadPdfSigning({ p12File: file, passphrase: 'wrong' })).toThrow(/CERT_SIGNING_P12: .*issuer\.p12 cannot be used to sign/);
    expect(() => loadPdfSigning({ p12File: path.join(dir, 'missing.p12'), passphrase: '' })).toThrow(/CERT_SIGNING_P12/);
    fs.writeFileSync(file, 'not a p12');
    expect(() => loadPdfSigning({ p12File: file, passphrase: '' })).toThrow(/CERT_SIGNING_P12/);
  });
});
