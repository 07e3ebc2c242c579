/**
 * Signed credentials (issue 32, point 4): the issuer's DID document, a certificate as a signed
 * Open Badges 3.0 credential for its holder or an admin, and the Bitstring Status Lists that say
 * which are revoked. A certificate gets its bit the first time its credential is fetched, at a
 * random free index (as the specification advises: neighbours say nothing about each other); a
 * revoked certificate's bit is set, and so is a superseded one's (a reissue replaced it).
 *
 * Built on demand from the stored facts, never on the verify page's path. A credential is signed
 * with its issue date as the proof's date, so every process gives the same bytes; a status list is
 * signed again only when its set bits change (remembered per process).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Certificate } from '@db/models';
import { isUniqueViolation } from '@db/errors';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { IssuerIdentity } from '../dependencies';
import type { CertificateService } from './certificate-service';
import { CredentialSigner, didWebFor, STATUS_LIST_LENGTH, type DidDocument } from './credential-signer';
import { openBadgeCredential } from './open-badge';

/** A list takes new bits until half full; then the next list starts (random picks stay quick). */
const LIST_FILL = STATUS_LIST_LENGTH / 2;
const PICK_TRIES = 20;

export interface CredentialServiceOptions {
  knex: Knex;
  clock: Clock;
  publicUrl: string;
  issuer: IssuerIdentity;
  certificates: CertificateService;
}

export class CredentialService {
  readonly signer: CredentialSigner;
  private readonly signedLists = new Map<number, { bits: string; document: Record<string, unknown> }>();

  constructor(private readonly o: CredentialServiceOptions) {
    this.signer = new CredentialSigner(didWebFor(o.issuer.didDomain), o.issuer.seed);
  }

  /** `GET /.well-known/did.json`. */
  didDocument(): Promise<DidDocument> {
    return this.signer.didDocument();
  }

  statusListUrl(list: number): string {
    return `${this.o.publicUrl}/credentials/status/${list}`;
  }

  /** `GET /api/certificates/:id/credential.json` (holder or admin; anyone else: 404). */
  async credential(user: { id: string; role: string }, certificateId: string): Promise<{ filename: string; document: Record<string, unknown> }> {
    const row = await this.withStatusBit(await this.o.certificates.owned(user, certificateId));
    const facts = { ...this.o.certificates.factsOf(row), id: row.id, holderEmail: row.holderEmail };
    const unsigned = openBadgeCredential(facts, {
      did: this.signer.did,
      verifyUrl: this.o.certificates.verifyUrl(row.number),
      courseUrl: `${this.o.publicUrl}/courses/${encodeURIComponent(row.courseId)}`,
      publicUrl: this.o.publicUrl,
      status: { listUrl: this.statusListUrl(row.statusList!), index: row.statusIndex! },
    });
    return { filename: `${row.number}.json`, document: await this.signer.sign(unsigned, row.issuedAt) };
  }

  /** Gives the certificate its bit if it has none yet: a random free index of the newest list with room. */
  private async withStatusBit(row: Certificate): Promise<Certificate> {
    if (row.statusIndex !== null && row.statusList !== null) return row;
    const { knex } = this.o;
    const newest = (await knex('certificates').max({ list: 'status_list' }).first())?.list as number | null;
    let list = newest ?? 1;
    if (Number((await knex('certificates').where('status_list', list).count({ n: '*' }).first())?.n ?? 0) >= LIST_FILL) list += 1;
    for (let attempt = 0; attempt < PICK_TRIES; attempt += 1) {
      try {
        await knex('certificates')
          .where({ id: row.id })
          .whereNull('status_index')
          .update({ status_list: list, status_index: crypto.randomInt(STATUS_LIST_LENGTH) });
      } catch (error) {
        if (isUniqueViolation(error)) continue; // that bit is taken: pick again
        throw error;
      }
      // Ours, or another request's that gave it one first.
      return (await Certificate.query(knex).findById(row.id))!;
    }
    throw new Error(`No free status list bit found for certificate ${row.id}`);
  }

  /** `GET /credentials/status/:list`: the signed list; a list no certificate uses is not found. */
  async statusList(list: number): Promise<Record<string, unknown>> {
    const { knex } = this.o;
    if (!Number.isSafeInteger(list) || list < 1 || !(await knex('certificates').where('status_list', list).first('id'))) {
      throw AppError.notFound('No such status list');
    }
    const set = (
      await knex('certificates')
        .where('status_list', list)
        .where((q) => q.whereNotNull('revoked_at').orWhereNotNull('superseded_by'))
        .orderBy('status_index')
        .select('status_index')
    ).map((r: { status_index: number }) => r.status_index);
    const bits = set.join(',');
    const cached = this.signedLists.get(list);
    if (cached?.bits === bits) return cached.document;
    const document = await this.signer.statusList(this.statusListUrl(list), set, this.o.clock().toISOString());
    this.signedLists.set(list, { bits, document });
    return document;
  }
}
