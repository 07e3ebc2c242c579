/** "Add to calendar" (issue 16): the signed-in buyer's invite for a live session as an .ics file. */
import { courseCalendarPath } from '@contracts/document-paths';
import { downloadFile, type DownloadedFile } from '@pwa/lib/download-file';

export function downloadCalendar(courseId: string): Promise<DownloadedFile> {
  return downloadFile(courseCalendarPath(courseId), 'session.ics');
}
