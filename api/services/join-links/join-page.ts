/**
 * The page `/join/:token` answers when it does not send the person on to the meeting (too early,
 * ended, being prepared, refunded, unknown): a small server-rendered page in the app's colours,
 * readable without JavaScript (the CSP allows no inline script, and none is needed), with a way
 * to My Training. Every value is escaped.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function joinPage(input: { title: string; message: string; heading: string }): string {
  const title = escapeHtml(input.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.heading)}: ${title} | LifeScience Academy</title>
<style>
body{margin:0;font-family:"Segoe UI","Segoe UI Web (West European)",-apple-system,BlinkMacSystemFont,Roboto,"Helvetica Neue",sans-serif;background:#f5f5f5;color:#242424}
header{background:#0e7c86;color:#fff;padding:16px 24px;font-weight:600;font-size:18px}
main{max-width:560px;margin:48px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 2px 4px rgba(0,0,0,.14)}
h1{font-size:24px;line-height:32px;margin:0 0 8px}
.course{color:#616161;margin:0 0 16px}
a.button{display:inline-block;margin-top:16px;padding:8px 16px;background:#0e7c86;color:#fff;border-radius:4px;text-decoration:none;font-weight:600}
a.button:focus-visible{outline:2px solid #242424;outline-offset:2px}
</style>
</head>
<body>
<header>LifeScience Academy</header>
<main>
<h1>${escapeHtml(input.heading)}</h1>
<p class="course">${title}</p>
<p>${escapeHtml(input.message)}</p>
<a class="button" href="/learn">Go to My Training</a>
</main>
</body>
</html>
`;
}
