/**
 * What the learning pages read from a download when the server cannot be reached (issue 34): the
 * course's syllabus, a lesson, and a video's playback answer pointing at the device's copy
 * (`/offline/lessons/{id}/video.mp4`, served by the service worker). Only with a licence that is
 * genuine, this person's, this course's and unexpired; otherwise `LicenceRefused`.
 */
import type { PlaybackAnswer, Syllabus, SyllabusLesson } from '@contracts/learning';
import { captionsLang } from '@contracts/offline-learning';
import { parseVtt, type Transcript } from '@contracts/webvtt';
import { offlineMediaPath, rangeResponse } from './chunks';
import { courseOfLessonId, downloadsDb, isComplete, type StoredCourse } from './downloads-db';
import { checkLicence } from './licence';
import { LicenceRefused } from './licence-refused';

export { LicenceRefused };

/** The course's download if it may be used by `userId` now; null when there is none; throws when its licence fails. */
async function usable(course: StoredCourse | undefined, userId: string | undefined): Promise<StoredCourse | null> {
  if (!course) return null;
  const key = await downloadsDb().keys.get('licence');
  if (!userId || !key || !(await checkLicence(course.licence, key.jwk, { courseId: course.courseId, userId, now: new Date() }))) throw new LicenceRefused();
  return course;
}

const lessonsOf = (syllabus: Syllabus) => syllabus.modules.flatMap((m) => m.lessons.map((lesson) => ({ lesson, moduleId: m.id })));

async function courseOfLesson(lessonId: string): Promise<{ course: StoredCourse; lesson: SyllabusLesson; moduleId: string | null } | null> {
  const course = await courseOfLessonId(lessonId);
  const found = course && lessonsOf(course.syllabus).find((l) => l.lesson.id === lessonId);
  return found ? { course: course!, ...found } : null;
}

export async function offlineSyllabus(courseId: string, userId: string | undefined): Promise<Syllabus | null> {
  return (await usable(await downloadsDb().courses.get(courseId), userId))?.syllabus ?? null;
}

export async function offlineLesson(
  lessonId: string,
  userId: string | undefined,
): Promise<(SyllabusLesson & { courseId: string; moduleId: string | null }) | null> {
  const found = await courseOfLesson(lessonId);
  if (!found || !(await usable(found.course, userId))) return null;
  return { ...found.lesson, courseId: found.course.courseId, moduleId: found.moduleId };
}

export async function offlinePlayback(lessonId: string, userId: string | undefined, resumeAtSeconds = 0): Promise<PlaybackAnswer | null> {
  const found = await courseOfLesson(lessonId);
  if (!found || !(await usable(found.course, userId))) return null;
  const video = found.course.files.find((f) => f.lessonId === lessonId && f.file === 'video.mp4');
  if (!video || !isComplete(video)) return null;
  const duration = found.lesson.durationSeconds ?? 0;
  const url = offlineMediaPath(lessonId, 'video.mp4');
  return {
    manifestUrl: url,
    posterUrl: '',
    offlineUrl: url,
    // The captions downloaded with it, served by the worker like the video.
    captions: found.course.files.flatMap((f) => {
      const lang = f.lessonId === lessonId && isComplete(f) ? captionsLang(f.file) : null;
      return lang ? [{ lang, label: f.label ?? lang, url: offlineMediaPath(lessonId, f.file) }] : [];
    }),
    durationSeconds: duration,
    resumeAtSeconds: resumeAtSeconds >= duration - 5 ? 0 : resumeAtSeconds,
    expiresInSeconds: 0,
    furthestSeconds: Math.floor(((found.lesson.watchedPercent ?? 0) / 100) * duration),
    noSkipping: found.course.syllabus.noSkipping,
  };
}

/** The device's copy of a lesson's handout, when downloaded (opened by the service worker). */
export async function offlineDocument(lessonId: string): Promise<string | null> {
  const found = await courseOfLesson(lessonId);
  const document = found?.course.files.find((f) => f.lessonId === lessonId && f.file === 'document.pdf');
  return document && isComplete(document) ? offlineMediaPath(lessonId, 'document.pdf') : null;
}

/**
 * A video's transcript from the captions downloaded with it — the first language, as the server
 * picks it — when the person's tier includes the material; null otherwise.
 */
export async function offlineTranscript(lessonId: string, userId: string | undefined): Promise<Transcript | null> {
  const found = await courseOfLesson(lessonId);
  if (!found || !found.lesson.materialIncluded || !(await usable(found.course, userId))) return null;
  const captions = found.course.files
    .filter((f) => f.lessonId === lessonId && isComplete(f) && captionsLang(f.file))
    .sort((a, b) => (a.file < b.file ? -1 : 1))[0];
  if (!captions) return { lang: null, cues: [] };
  const cues = parseVtt(await (await rangeResponse(captions, null)).text());
  return cues ? { lang: captionsLang(captions.file), cues } : null;
}
