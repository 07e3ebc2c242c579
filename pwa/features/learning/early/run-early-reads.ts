/** The script the lesson shell loads (see `lesson-early-reads.ts`): the lesson's reads and video, then the app. */
import { startEarlyLessonReads } from './lesson-early-reads';
import { startAppAfter } from './start-app';

startAppAfter(window, startEarlyLessonReads(window));
