/**
 * A lesson's material: its PDF (checked by its bytes, at most DOCUMENT_MAX_MB, streamed with the
 * limit enforced as it arrives), WebVTT captions per language, and the transcript made from them —
 * for the entitled whose tier includes it.
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { CAPTION_LANG, LEARNING_MESSAGES, type CaptionsUpload } from '@contracts/learning';
import { parseVtt, type Transcript, type TranscriptCue } from '@contracts/webvtt';
import { Lesson, LessonCaption } from '@db/models';
import { transaction } from '@db/transaction';
import { readPdfBody } from '../../lib/pdf-body';
import { AppError } from '../../errors';
import type { MediaStore } from '../../integrations/media-store';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../logger';
import type { AuthenticatedUser } from '../accounts/auth-service';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import { includesMaterial, type LearningAccess } from './access';
import { discardFiles, documentKey, lockedLesson } from './lesson-files';

const NOT_WEBVTT = 'Captions must be a WebVTT file (starting with "WEBVTT")';

/** The cues of a WebVTT file; 400 for a file that is not WebVTT. */
function cuesOf(vtt: string): TranscriptCue[] {
  const cues = parseVtt(vtt);
  if (!cues) throw AppError.badRequest(NOT_WEBVTT);
  return cues;
}

export class MaterialsService {
  constructor(private readonly o: { knex: Knex; clock: Clock; store: MediaStore; logger: Logger; access: LearningAccess; documentMaxBytes: number }) {}

  private async lesson(id: string): Promise<Lesson> {
    const lesson = await Lesson.query(this.o.knex).findById(id);
    if (!lesson) throw AppError.notFound(LEARNING_MESSAGES.lessonNotFound);
    return lesson;
  }

  /**
   * Streams a PDF in (refused by its first bytes, or with 413 once it passes the limit), then points
   * the lesson at it; the PDF it replaced is removed once that committed (the new one if it failed).
   */
  async putDocument(actor: Actor, lessonId: string, contentType: string, body: Readable): Promise<{ id: string; hasDocument: true; documentBytes: number }> {
    const lesson = await this.lesson(lessonId);
    if (lesson.kind !== 'document') throw AppError.badRequest('Only document lessons take a PDF');
    const data = await readPdfBody(body, contentType, this.o.documentMaxBytes, LEARNING_MESSAGES.notPdf);
    const name = crypto.randomUUID();
    await this.o.store.putBuffer(documentKey(name), data, 'application/pdf');
    let replaced: string | null;
    try {
      replaced = await transaction(this.o.knex, async (trx) => {
        // The row as it is now (locked): the PDF it names is the one this replaces.
        const current = await lockedLesson(trx, lessonId);
        const now = this.o.clock().toISOString();
        await Lesson.query(trx)
          .findById(lessonId)
          .patch({ documentName: name, documentBytes: data.length, version: current.version + 1, updatedAt: now });
        await recordAudit(
          trx,
          actor,
          {
            entity: 'lesson',
            entityId: lessonId,
            action: 'update',
            before: { document: current.documentName },
            after: { document: name },
            summary: `${current.documentName ? 'Replaced' : 'Uploaded'} the PDF of "${current.title}"`,
          },
          now,
        );
        return current.documentName;
      });
    } catch (error) {
      await discardFiles(this.o, [documentKey(name)]);
      throw error;
    }
    await discardFiles(this.o, [replaced && documentKey(replaced)]);
    return { id: lessonId, hasDocument: true, documentBytes: data.length };
  }

  /** A video lesson's captions in `lang`, replacing the language's earlier ones. */
  async putCaptions(actor: Actor, lessonId: string, lang: string, caption: CaptionsUpload, record?: RecordAnswer<void>): Promise<void> {
    if (!CAPTION_LANG.test(lang)) throw AppError.badRequest('The language must be a code such as "en" or "pt-BR"');
    cuesOf(caption.vtt);
    await transaction(this.o.knex, async (trx) => {
      const lesson = await lockedLesson(trx, lessonId);
      if (lesson.kind !== 'video') throw AppError.badRequest('Only video lessons have captions');
      const before = await LessonCaption.query(trx).findById([lessonId, lang]).select('label');
      const now = this.o.clock().toISOString();
      await LessonCaption.query(trx).delete().where({ lesson_id: lessonId, lang });
      await LessonCaption.query(trx).insert({ lessonId, lang, label: caption.label, vtt: caption.vtt, createdAt: now });
      await recordAudit(
        trx,
        actor,
        {
          entity: 'lesson',
          entityId: lessonId,
          action: 'update',
          before: before ? { captions: lang, label: before.label } : null,
          after: { captions: lang, label: caption.label },
          summary: `${before ? 'Replaced' : 'Uploaded'} ${caption.label} captions of "${lesson.title}"`,
        },
        now,
      );
      await record?.(trx, undefined);
    });
  }

  /** Deletes a lesson's captions in `lang` (404 when it has none). */
  async deleteCaptions(actor: Actor, lessonId: string, lang: string, record?: RecordAnswer<void>): Promise<void> {
    await transaction(this.o.knex, async (trx) => {
      const lesson = await lockedLesson(trx, lessonId);
      const before = CAPTION_LANG.test(lang) ? await LessonCaption.query(trx).findById([lessonId, lang]).select('label') : undefined;
      if (!before) throw AppError.notFound(`This lesson has no captions in "${lang}".`);
      const now = this.o.clock().toISOString();
      await LessonCaption.query(trx).delete().where({ lesson_id: lessonId, lang });
      await recordAudit(
        trx,
        actor,
        {
          entity: 'lesson',
          entityId: lessonId,
          action: 'update',
          before: { captions: lang, label: before.label },
          after: null,
          summary: `Deleted ${before.label} captions of "${lesson.title}"`,
        },
        now,
      );
      await record?.(trx, undefined);
    });
  }

  /** The transcript (the first captions' cues) for the entitled whose tier includes the material. */
  async transcript(user: AuthenticatedUser | null, lessonId: string): Promise<Transcript> {
    const lesson = await this.lesson(lessonId);
    const access = await this.o.access.require(user, lesson.courseId);
    if (!includesMaterial(access, lesson.materialTierIds)) throw new AppError('forbidden', LEARNING_MESSAGES.materialForOtherTier);
    const captions = await LessonCaption.query(this.o.knex).where('lesson_id', lessonId).orderBy('lang').first();
    return { lang: captions?.lang ?? null, cues: captions ? cuesOf(captions.vtt) : [] };
  }
}
