/**
 * The small server-rendered pages the API answers itself (a join link that does not redirect, a
 * certificate's verify page): the app's colours, readable without JavaScript (the CSP allows no
 * inline script, and none is needed), never indexed. Every value put in is escaped by `escapeHtml`.
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const STYLE = `body{margin:0;font-family:"Segoe UI","Segoe UI Web (West European)",-apple-system,BlinkMacSystemFont,Roboto,"Helvetica Neue",sans-serif;background:#f5f5f5;color:#242424}
header{background:#0e7c86;color:#fff;padding:16px 24px;font-weight:600;font-size:18px}
main{max-width:560px;margin:48px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 2px 4px rgba(0,0,0,.14)}
h1{font-size:24px;line-height:32px;margin:0 0 8px}
.course{color:#616161;margin:0 0 16px}
.status{font-size:18px;font-weight:600;margin:0 0 16px;padding:8px 12px;border-radius:4px}
.status.valid{background:#f1faf1;color:#0e700e}
.status.ended{background:#fdf3f4;color:#b10e1c}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;margin:0}
dt{font-weight:600}
dd{margin:0}
a.button{display:inline-block;margin-top:16px;padding:8px 16px;background:#0e7c86;color:#fff;border-radius:4px;text-decoration:none;font-weight:600}
a.button:focus-visible,a:focus-visible{outline:2px solid #242424;outline-offset:2px}`;

/** A whole page: `title` (escaped here) and `main`, HTML the caller built from escaped values. */
export function htmlPage(input: { title: string; main: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)} | LifeScience Academy</title>
<style>
${STYLE}
</style>
</head>
<body>
<header>LifeScience Academy</header>
<main>
${input.main}
</main>
</body>
</html>
`;
}
