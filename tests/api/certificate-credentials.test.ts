/**
 * Issue 32, point 4: a certificate as a signed Open Badges 3.0 credential. The holder (or an admin)
 * downloads it; an outside verifier (the W3C VC library, no key, the issuer's did:web document and
 * the status list fetched over HTTP) says it is valid, and not after one character of the name or
 * the credits changes. Revoking (or superseding) the certificate sets its bit in the signed status
 * list; it expires with the certificate's `validUntil`. Anyone else gets a 404. The issuer's key is
 * kept across restarts. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveIssuerSeed } from '@api/lib/issuer-key';
import { STATUS_LIST_LENGTH } from '@api/services/certificates/credential-signer';
import { certificateFixtures, type Person } from './support/certificate-fixtures';
import { outsideVerifier } from './support/credential-verifier';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const PUBLIC = 'localhost:3000';
const DID = 'did:web:localhost%3A3000';
let db: TestDatabase;
let api: TestServer;
let f: ReturnType<typeof certificateFixtures>;
let verify: ReturnType<typeof outsideVerifier>;
const clock = { now: new Date('2026-11-26T10:00:00.000Z') };
let courseId: string;
let holder: Person;
let other: Person;

const mine = async (person: Person) => (await api.get('/api/me/certificates', person.headers)).body as Array<Record<string, any>>;
async function credentialOf(person: Person, headers = person.headers) {
  const [certificate] = await mine(person);
  const response = await api.get(certificate!.credentialUrl, headers);
  expect(response.status, response.text).toBe(200);
  return { certificate: certificate!, response, credential: response.body as Record<string, any> };
}

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now });
  verify = outsideVerifier((url) => url.replace(new RegExp(`^https?://${PUBLIC}`), api.baseUrl));
  f = certificateFixtures(db, () => api, clock);
  courseId = await f.videoCourse({ title: 'GMP Refresher', code: 'GMP-101', instructorName: 'Dr. Ada Q' });
  const settings = await f.write('PUT', `/api/courses/${courseId}/certificate-settings`, {
    validityMonths: 12,
    credits: [{ kind: 'CPE', amount: 1.5, fieldOfStudy: 'Regulatory Ethics' }],
  });
  expect(settings.status, settings.text).toBe(200);
  holder = await f.customer('Ada Lovelace', courseId);
  other = await f.customer('Jon Smith', courseId);
  await f.watchAll([holder, other], courseId);
  await f.runJobs();
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

describe('the issuer', () => {
  it('publishes its did:web DID document with the key that may sign credentials', async () => {
    const response = await api.get('/.well-known/did.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/did+json');
    expect(response.body).toMatchObject({ id: DID, assertionMethod: [`${DID}#key-1`] });
    expect(response.body.verificationMethod[0]).toMatchObject({ id: `${DID}#key-1`, type: 'Multikey', controller: DID });
    expect(response.body.verificationMethod[0].publicKeyMultibase).toMatch(/^z6Mk/);
  });

  it('keeps its key: the seed generated into data/ is read back, not made again', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'issuer-')), 'issuer-key.json');
    const first = resolveIssuerSeed(undefined, file);
    expect(first).toHaveLength(32);
    expect(Buffer.from(resolveIssuerSeed(undefined, file)).equals(Buffer.from(first))).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const configured = Buffer.alloc(32, 7).toString('base64url');
    expect(Buffer.from(resolveIssuerSeed(configured, file)).equals(Buffer.alloc(32, 7))).toBe(true);
  });
});

describe('the credential', () => {
  it('is an Open Badges 3.0 credential with the certificate’s facts, signed by the issuer, valid to an outside verifier', async () => {
    const { certificate, response, credential } = await credentialOf(holder);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${certificate.number}.json"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.id).toBe(`http://${PUBLIC}/verify/${certificate.number}`);
    expect(credential.issuer).toMatchObject({ id: DID, type: ['Profile'] });
    expect(credential.validFrom).toBe('2026-11-26T10:01:00Z');
    expect(credential.validUntil).toBe('2027-11-26T10:01:00Z');
    expect(credential.credentialSubject).toMatchObject({ name: 'Ada Lovelace', creditsEarned: 1.5 });
    expect(credential.credentialSubject.identifier[0]).toMatchObject({ type: 'IdentityObject', identityType: 'emailAddress', hashed: true });
    expect(JSON.stringify(credential)).not.toContain('@'.concat('example')); // the address is only hashed
    expect(credential.credentialSubject.achievement).toMatchObject({
      type: ['Achievement'],
      name: 'GMP Refresher',
      humanCode: 'GMP-101',
      creditsAvailable: 1.5,
      fieldOfStudy: 'Regulatory Ethics',
      resultDescription: [{ name: 'CPE — Regulatory Ethics', resultType: 'ext:Credits' }],
    });
    expect(credential.credentialStatus).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
    expect(credential.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', verificationMethod: `${DID}#key-1` });

    const verdict = await verify(credential, new Date('2026-12-01T00:00:00Z'));
    expect(verdict).toMatchObject({ verified: true, revoked: false });
    expect(verdict.fetched).toEqual(expect.arrayContaining([`https://${PUBLIC}/.well-known/did.json`, credential.credentialStatus.statusListCredential]));
  });

  it('fails verification after a one-character change to the name or the credits', async () => {
    const { credential } = await credentialOf(holder);
    const renamed = structuredClone(credential);
    renamed.credentialSubject.name = 'Ada Lovelacf';
    expect(await verify(renamed, new Date('2026-12-01T00:00:00Z'))).toMatchObject({ verified: false, errors: expect.arrayContaining(['Invalid signature.']) });
    const inflated = structuredClone(credential);
    inflated.credentialSubject.achievement.creditsAvailable = 2.5;
    expect((await verify(inflated, new Date('2026-12-01T00:00:00Z'))).verified).toBe(false);
  });

  it('is the same document every time, for the holder and for an admin; anyone else is told it does not exist', async () => {
    const first = await credentialOf(holder);
    const again = await credentialOf(holder);
    expect(again.response.text).toBe(first.response.text);
    expect((await api.get(first.certificate.credentialUrl, await f.adminHeaders())).text).toBe(first.response.text);
    expect((await api.get(first.certificate.credentialUrl, other.headers)).status).toBe(404);
    expect((await api.get(first.certificate.credentialUrl)).status).toBe(401);
    expect((await api.get('/api/certificates/00000000-0000-4000-8000-000000000000/credential.json', holder.headers)).status).toBe(404);
  });

  it('each certificate has its own bit in the list', async () => {
    const a = (await credentialOf(holder)).credential.credentialStatus;
    const b = (await credentialOf(other)).credential.credentialStatus;
    expect(a.statusListCredential).toBe(b.statusListCredential);
    expect(a.statusListIndex).not.toBe(b.statusListIndex);
    for (const index of [a.statusListIndex, b.statusListIndex]) expect(Number(index)).toBeLessThan(STATUS_LIST_LENGTH);
  });

  it('expires with the certificate: after validUntil the verifier refuses it', async () => {
    const { credential } = await credentialOf(holder);
    expect((await verify(credential, new Date('2027-11-27T00:00:00Z'))).verified).toBe(false);
  });
});

describe('revocation', () => {
  it('an admin revokes: the signed status list says so at once, for that certificate only', async () => {
    const revokedOne = await credentialOf(other);
    const kept = await credentialOf(holder);
    const listUrl = revokedOne.credential.credentialStatus.statusListCredential as string;
    const list = await api.get(new URL(listUrl).pathname);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toContain('application/vc');
    expect(list.body).toMatchObject({ type: ['VerifiableCredential', 'BitstringStatusListCredential'], issuer: DID });

    const revoked = await f.write('POST', `/api/admin/certificates/${revokedOne.certificate.id}/revoke`, { reason: 'Issued in error' });
    expect(revoked.status, revoked.text).toBe(200);
    const now = new Date('2026-12-01T00:00:00Z');
    expect(await verify(revokedOne.credential, now)).toMatchObject({ verified: true, revoked: true });
    expect(await verify(kept.credential, now)).toMatchObject({ verified: true, revoked: false });
    // A list whose bits were altered in transit is not believed.
    const forged = structuredClone((await api.get(new URL(listUrl).pathname)).body);
    forged.credentialSubject.encodedList = list.body.credentialSubject.encodedList;
    expect((await verify(forged, now)).verified).toBe(false);
  });

  it('a reissued certificate’s old credential reads as revoked; the new one as valid', async () => {
    const old = await credentialOf(holder);
    const reissued = await f.write('POST', `/api/admin/certificates/${old.certificate.id}/reissue`);
    expect(reissued.status, reissued.text).toBe(201);
    const now = new Date('2026-12-01T00:00:00Z');
    expect(await verify(old.credential, now)).toMatchObject({ verified: true, revoked: true });
    const fresh = await credentialOf(holder);
    expect(fresh.certificate.id).toBe(reissued.body.id);
    expect(await verify(fresh.credential, now)).toMatchObject({ verified: true, revoked: false });
  });

  it('a status list that does not exist, or a malformed one, is a 404', async () => {
    for (const list of ['0', '999', 'abc', '1e3', '-1', '99999999999']) {
      expect((await api.get(`/credentials/status/${list}`)).status, list).toBe(404);
    }
  });
});
