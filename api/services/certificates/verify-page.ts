/**
 * `GET /verify/:number` (issue 32, point 3): what a QR code on the PDF opens — the certificate's
 * stored facts and its status, server-rendered for anyone (a manager's phone, an auditor), never
 * indexed. Every value is escaped (a holder's name is text, whatever it contains).
 */
import { CERTIFICATE_FORMAT_LABELS, certificateStatusText, formatCertificateDay, type VerifiedCertificateDto } from '@contracts/certificates';
import { formatCredits } from '@contracts/credits';
import { escapeHtml, htmlPage } from '../../lib/html-page';

const row = (term: string, value: string | null) => (value ? `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>` : '');

export function verifyPage(c: VerifiedCertificateDto): string {
  const ended = c.status !== 'valid';
  return htmlPage({
    title: `Certificate ${c.number}`,
    main: `<h1>Certificate ${escapeHtml(c.number)}</h1>
<p class="course">${escapeHtml(c.courseTitle)}</p>
<p class="status ${ended ? 'ended' : 'valid'}" role="status">${escapeHtml(certificateStatusText(c))}</p>
<dl>
${row('Holder', c.holderName)}
${row('Course', `${c.courseTitle} (${c.courseCode})`)}
${row('Format', CERTIFICATE_FORMAT_LABELS[c.format])}
${row('Session date', c.sessionDate ? formatCertificateDay(c.sessionDate) : null)}
${row('Completed', formatCertificateDay(c.completedAt))}
${row('Issued', formatCertificateDay(c.issuedAt))}
${row('Credits', c.credits.length > 0 ? formatCredits(c.credits) : 'None')}
${row('Instructor', c.instructorName)}
${row('Issuer', `${c.issuer.name}, ${c.issuer.email}`)}
</dl>`,
  });
}

/** The same page's answer to a number that is no certificate, or to too many checks. */
export function verifyRefusalPage(heading: string, message: string): string {
  return htmlPage({ title: heading, main: `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(message)}</p>` });
}
