/**
 * A certificate as an Open Badges 3.0 `OpenBadgeCredential` (a W3C Verifiable Credential 2.0),
 * unsigned: built from the certificate's own stored facts, so the same certificate always gives
 * the same credential (and, signed with the same key and its issue date, the same bytes).
 *
 * The holder is named and identified by the address it was issued to, hashed with a salt (an
 * IdentityObject), never the address itself. Credits: every type is a `ResultDescription` of the
 * achievement with the holder's `Result`; a certificate with one type also carries it in
 * `creditsAvailable` / `creditsEarned` and its field of study, the fields OB 3.0 has for that.
 */
import crypto from 'node:crypto';
import { CERTIFICATE_FORMAT_LABELS, type VerifiedCertificateDto } from '@contracts/certificates';
import { CREDIT_KIND_LABELS, type Credit } from '@contracts/credits';
import { credentialDate, OPEN_BADGES_CONTEXT, VC_CONTEXT } from './credential-signer';

export interface OpenBadgeIds {
  /** The issuer's DID (`did:web:…`). */
  did: string;
  /** The public verify page: the credential's id, as the QR code's. */
  verifyUrl: string;
  /** The course's page on the storefront: the achievement's id. */
  courseUrl: string;
  /** Where the issuer's homepage is. */
  publicUrl: string;
  /** The certificate's bit, once it has one. */
  status?: { listUrl: string; index: number };
}

export interface OpenBadgeFacts extends VerifiedCertificateDto {
  id: string;
  holderEmail: string | null;
}

/** `sha256$<hex>` of the salted address, as OB 3.0's IdentityObject writes it. */
export const identityHash = (email: string, salt: string) =>
  `sha256$${crypto
    .createHash('sha256')
    .update(email.trim().toLowerCase() + salt)
    .digest('hex')}`;

const creditLabel = (credit: Credit) => `${CREDIT_KIND_LABELS[credit.kind]}${credit.fieldOfStudy ? ` — ${credit.fieldOfStudy}` : ''}`;

export function openBadgeCredential(facts: OpenBadgeFacts, ids: OpenBadgeIds): Record<string, unknown> {
  const credits = facts.credits.filter((credit) => credit.amount > 0);
  const single = credits.length === 1 ? credits[0] : undefined;
  const resultId = (credit: Credit, i: number) => `${ids.courseUrl}#credit-${i + 1}-${credit.kind}`;
  const format = CERTIFICATE_FORMAT_LABELS[facts.format];
  return {
    '@context': [VC_CONTEXT, OPEN_BADGES_CONTEXT],
    id: ids.verifyUrl,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${facts.courseTitle} — certificate ${facts.number}`,
    issuer: { id: ids.did, type: ['Profile'], name: facts.issuer.name, url: `${ids.publicUrl}/`, email: facts.issuer.email },
    validFrom: credentialDate(facts.issuedAt),
    ...(facts.validUntil ? { validUntil: credentialDate(facts.validUntil) } : {}),
    credentialSubject: {
      type: ['AchievementSubject'],
      name: facts.holderName,
      ...(facts.holderEmail
        ? {
            identifier: [
              { type: 'IdentityObject', identityHash: identityHash(facts.holderEmail, facts.id), identityType: 'emailAddress', hashed: true, salt: facts.id },
            ],
          }
        : {}),
      ...(facts.sessionDate ? { activityStartDate: credentialDate(facts.sessionDate) } : {}),
      activityEndDate: credentialDate(facts.completedAt),
      ...(single ? { creditsEarned: single.amount } : {}),
      ...(credits.length > 0
        ? { result: credits.map((credit, i) => ({ type: ['Result'], resultDescription: resultId(credit, i), value: String(credit.amount) })) }
        : {}),
      achievement: {
        id: ids.courseUrl,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: facts.courseTitle,
        humanCode: facts.courseCode,
        description: `${format} training: ${facts.courseTitle} (${facts.courseCode})${facts.instructorName ? `, taught by ${facts.instructorName}` : ''}.`,
        criteria: { narrative: 'Completed the course under its completion rule: attendance or the lessons watched, and any final assessment passed.' },
        ...(single ? { creditsAvailable: single.amount, ...(single.fieldOfStudy ? { fieldOfStudy: single.fieldOfStudy } : {}) } : {}),
        ...(credits.length > 0
          ? {
              resultDescription: credits.map((credit, i) => ({
                id: resultId(credit, i),
                type: ['ResultDescription'],
                name: creditLabel(credit),
                resultType: 'ext:Credits',
              })),
            }
          : {}),
      },
    },
    ...(ids.status
      ? {
          credentialStatus: {
            id: `${ids.status.listUrl}#${ids.status.index}`,
            type: 'BitstringStatusListEntry',
            statusPurpose: 'revocation',
            statusListIndex: String(ids.status.index),
            statusListCredential: ids.status.listUrl,
          },
        }
      : {}),
  };
}
