/**
 * The page `/join/:token` answers when it does not send the person on to the meeting (too early,
 * ended, being prepared, refunded, unknown), with a way to My Training (`lib/html-page.ts`).
 */
import { escapeHtml, htmlPage } from '../../lib/html-page';

export function joinPage(input: { title: string; message: string; heading: string }): string {
  return htmlPage({
    title: `${input.heading}: ${input.title}`,
    main: `<h1>${escapeHtml(input.heading)}</h1>
<p class="course">${escapeHtml(input.title)}</p>
<p>${escapeHtml(input.message)}</p>
<a class="button" href="/learn">Go to My Training</a>`,
  });
}
