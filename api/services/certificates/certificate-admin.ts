/**
 * Certificates in the back office (issue 32, points 5 and 8; admins): the list (search by holder,
 * course or number), revocation with a reason (the verify page and the holder's list say so at
 * once, the holder is mailed, audited) and reissue after a name correction (a new number with the
 * account's name now; the old one is marked superseded and points to it). Evidence is never
 * edited away: revoking and reissuing add to it.
 */
import type { Knex } from 'knex';
import { CERTIFICATE_ADMIN_MESSAGES, type AdminCertificateDto, type CertificateFormat, type RevokeCertificateRequest } from '@contracts/certificates';
import type { Credit } from '@contracts/credits';
import { Certificate, User } from '@db/models';
import { forUpdate, transaction } from '@db/transaction';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { recordAudit, type Actor } from '../platform/audit';
import { likeLiteral } from '../platform/keyset-page';
import type { RecordAnswer } from '../platform/idempotency-service';
import { queueCertificateMail } from './certificate-mail';
import { certificateNumbers, insertNumbered } from './certificate-issuing';
import { summaryOf } from './certificate-service';
import { appendForMembers } from '../orgs/training-record';

export class CertificateAdminService {
  constructor(private readonly o: { knex: Knex; clock: Clock }) {}

  private async dtos(rows: Certificate[], db: Knex | Knex.Transaction = this.o.knex): Promise<AdminCertificateDto[]> {
    const now = this.o.clock();
    const emails = new Map(
      (
        await User.query(db)
          .whereIn('id', [...new Set(rows.map((r) => r.userId))])
          .select('id', 'email')
      ).map((u) => [u.id, u.email]),
    );
    return rows.map((row) => ({
      ...summaryOf(row, now),
      userId: row.userId,
      holderName: row.holderName,
      holderEmail: emails.get(row.userId) ?? null,
      supersededBy: row.supersededBy,
    }));
  }

  /** `GET /api/admin/certificates?search=`: newest first; a search matches the number, the holder's name or e-mail, or the course title. */
  async list(search: string | undefined, limit: number): Promise<AdminCertificateDto[]> {
    const query = Certificate.query(this.o.knex).orderBy('issued_at', 'desc').orderBy('number', 'desc').limit(limit);
    if (search) {
      const like = `%${likeLiteral(search.toLowerCase())}%`;
      const holders = User.query(this.o.knex).whereRaw(`lower(email) like ? escape '!'`, [like]).select('id');
      query.where((w) =>
        w
          .whereRaw(`lower(number) like ? escape '!'`, [like])
          .orWhereRaw(`lower(holder_name) like ? escape '!'`, [like])
          .orWhereRaw(`lower(course_title) like ? escape '!'`, [like])
          .orWhereIn('user_id', holders),
      );
    }
    return this.dtos(await query);
  }

  private async one(db: Knex | Knex.Transaction, id: string): Promise<Certificate> {
    const row = await forUpdate(db, Certificate.query(db).findById(id));
    if (!row) throw AppError.notFound(CERTIFICATE_ADMIN_MESSAGES.notFound);
    return row;
  }

  /** `POST /api/admin/certificates/:id/revoke { reason }`: once (a second is a 409). */
  async revoke(actor: Actor, id: string, body: RevokeCertificateRequest, record?: RecordAnswer<AdminCertificateDto>): Promise<AdminCertificateDto> {
    const now = this.o.clock();
    return transaction(this.o.knex, async (trx) => {
      const before = await this.one(trx, id);
      if (before.revokedAt) throw new AppError('conflict', CERTIFICATE_ADMIN_MESSAGES.alreadyRevoked);
      await Certificate.query(trx).findById(id).whereNull('revoked_at').patch({ revokedAt: now.toISOString(), revokedReason: body.reason });
      await recordAudit(
        trx,
        actor,
        {
          entity: 'certificate',
          entityId: id,
          action: 'update',
          before: { revokedAt: null },
          after: { revokedAt: now.toISOString(), revokedReason: body.reason },
          summary: `Revoked certificate ${before.number} of ${before.holderName}: ${body.reason}`,
        },
        now.toISOString(),
      );
      await queueCertificateMail(trx, { certificateId: id, kind: 'revoked' }, now);
      const holder = await Certificate.query(trx).findById(id).select('user_id', 'course_id');
      if (holder) {
        await appendForMembers(
          trx,
          [{ userId: holder.userId, type: 'revoked', courseId: holder.courseId, data: { certificate: before.number, reason: body.reason, by: actor.email } }],
          now,
        );
      }
      const [dto] = await this.dtos([await this.one(trx, id)], trx);
      await record?.(trx, dto!);
      return dto!;
    });
  }

  /** `POST /api/admin/certificates/:id/reissue`: a new number with the account's name now; the old one superseded. */
  async reissue(actor: Actor, id: string, record?: RecordAnswer<AdminCertificateDto>): Promise<AdminCertificateDto> {
    const now = this.o.clock();
    await certificateNumbers.prepare(this.o.knex, now.getUTCFullYear());
    return transaction(this.o.knex, async (trx) => {
      await certificateNumbers.lock(trx, now.getUTCFullYear());
      const old = await this.one(trx, id);
      if (old.revokedAt) throw new AppError('conflict', CERTIFICATE_ADMIN_MESSAGES.revokedCannotReissue);
      if (old.supersededBy) throw new AppError('conflict', CERTIFICATE_ADMIN_MESSAGES.alreadySuperseded);
      const holder = await User.query(trx).findById(old.userId).select('name', 'email');
      const [fresh] = await insertNumbered(
        trx,
        [
          {
            sourceKey: `reissue:${old.id}`,
            userId: old.userId,
            courseId: old.courseId,
            holderName: holder?.name ?? old.holderName,
            holderEmail: holder?.email ?? old.holderEmail,
            courseTitle: old.courseTitle,
            courseCode: old.courseCode,
            courseType: old.courseType,
            format: old.format as CertificateFormat,
            sessionDate: old.sessionDate,
            completedAt: old.completedAt,
            validUntil: old.validUntil,
            credits: old.credits as unknown as Credit[],
            instructorName: old.instructorName,
          },
        ],
        now,
      );
      await Certificate.query(trx).findById(old.id).patch({ supersededBy: fresh!.id });
      await recordAudit(
        trx,
        actor,
        {
          entity: 'certificate',
          entityId: fresh!.id,
          action: 'create',
          before: { number: old.number, holderName: old.holderName },
          after: { number: fresh!.number, holderName: fresh!.holderName },
          summary: `Reissued certificate ${old.number} as ${fresh!.number} for ${fresh!.holderName}`,
        },
        now.toISOString(),
      );
      const [dto] = await this.dtos([fresh!], trx);
      await record?.(trx, dto!);
      return dto!;
    });
  }
}
