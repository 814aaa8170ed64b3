/**
 * The HTML of the sign-in and consent pages. No script at all (the Content-Security-Policy
 * forbids any), plain forms that POST back with a CSRF token; every value shown is escaped.
 */
import type { Grant } from '../auth/auth-context';

export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
label{display:block;margin:.8rem 0 .2rem}input[type=text],input[type=password]{width:100%;padding:.4rem}
button{margin:1rem .5rem 0 0;padding:.5rem 1rem}.error{color:#a00}dt{font-weight:600;margin-top:.6rem}`;

export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} · Trove</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>`;
}

export interface LoginView {
  action: string;
  csrf: string;
  clientName: string;
  error?: string;
}

export function loginPage(view: LoginView): string {
  return renderPage(
    'Sign in to Trove',
    `<p><strong>${escapeHtml(view.clientName)}</strong> asks to use Trove on your behalf. Sign in with an API key.</p>
${view.error ? `<p class="error">${escapeHtml(view.error)}</p>` : ''}
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<label for="key_id">API key id</label><input type="text" id="key_id" name="key_id" autocomplete="username" required>
<label for="secret">Secret</label><input type="password" id="secret" name="secret" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

export interface ConsentView {
  action: string;
  csrf: string;
  clientName: string;
  redirectHost: string;
  scopes: string[];
  resources: string[];
  /** Whose grants the token will carry: an API key's, or a signed-in user's roles'. */
  holder: 'key' | 'user';
  admin: boolean;
  grants: readonly Grant[];
}

function reach(view: ConsentView): string {
  if (view.admin) return '<li>every pipeline and every classification (an admin key)</li>';
  if (view.grants.length === 0)
    return view.holder === 'user'
      ? '<li>no pipeline (no role is bound to you yet)</li>'
      : '<li>no pipeline</li>';
  return view.grants
    .map((g) => {
      const pipeline = g.pipeline_id === '*' ? 'every pipeline' : `pipeline ${g.pipeline_id}`;
      const classes =
        g.classifications === '*' ? 'every classification' : g.classifications.join(', ') || 'none';
      return `<li>${escapeHtml(pipeline)}: classifications ${escapeHtml(classes)}</li>`;
    })
    .join('\n');
}

export function consentPage(view: ConsentView): string {
  const list = (items: string[]) => items.map((i) => `<li>${escapeHtml(i)}</li>`).join('') || '<li>none</li>';
  return renderPage(
    'Allow access?',
    `<p><strong>${escapeHtml(view.clientName)}</strong> will receive a token and be sent back to
<strong>${escapeHtml(view.redirectHost)}</strong>.</p>
<dl><dt>Resources</dt><dd><ul>${list(view.resources)}</ul></dd>
<dt>Scopes</dt><dd><ul>${list(view.scopes)}</ul></dd>
<dt>What it will reach: ${view.holder === 'user' ? 'what your roles give now, and later while you keep them' : 'what your key may read now, and later while the key keeps it'}</dt><dd><ul>${reach(view)}</ul></dd></dl>
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}
