/** The script the lesson shell loads (see `lesson-early-reads.ts`). */
import { startEarlyLessonReads } from './lesson-early-reads';

startEarlyLessonReads(window);
