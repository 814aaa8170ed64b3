/**
 * A browser as the sign-in needs one, over plain HTTP: it keeps cookies per host (as a
 * browser does, so an identity provider on another host keeps its own), follows
 * redirects one at a time, and fills the sign-in and consent forms as a person would
 * (reading the form's action and hidden CSRF field from the page). It stops at the
 * client's redirect URI, which nothing listens on, and hands back that URL.
 */
import { Credentials } from '../support/http';

export interface Page {
  status: number;
  url: string;
  html: string;
}

export class Browser {
  /** Cookies by host, then name. */
  private readonly jars = new Map<string, Map<string, string>>();
  /** Every URL requested, in order. */
  readonly visited: string[] = [];

  constructor(private readonly stopAt: string) {}

  /** Follows redirects from `url` until a page, or the client's redirect URI (then `url` is it, `html` empty). */
  async open(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Page> {
    let next = url;
    let method = init.method ?? 'GET';
    let body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    for (let hops = 0; hops < 20; hops++) {
      if (next.startsWith(this.stopAt)) return { status: 0, url: next, html: '' };
      this.visited.push(next);
      const host = new URL(next).hostname;
      const cookies = this.jars.get(host) ?? new Map<string, string>();
      this.jars.set(host, cookies);
      const response = await fetch(next, {
        method,
        redirect: 'manual',
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body,
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        next = new URL(location, next).toString();
        method = 'GET';
        body = undefined;
        continue;
      }
      return { status: response.status, url: next, html: await response.text() };
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** Submits the page's form with these fields (beside its hidden ones). */
  submit(page: Page, fields: Record<string, string>): Promise<Page> {
    const action = /<form method="post" action="([^"]+)"/.exec(page.html)?.[1];
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.html)?.[1];
    if (!action || !csrf)
      throw new Error(`no form on ${page.url}: ${page.status} ${page.html.slice(0, 300)}`);
    return this.open(new URL(action.replace(/&#38;/g, '&'), page.url).toString(), {
      method: 'POST',
      form: { csrf, ...fields },
    });
  }

  /** Signs in with the key and allows (or denies) on the consent page; returns the final page or callback. */
  async signIn(
    authorizationUrl: string,
    key: Credentials,
    decision: 'allow' | 'deny' = 'allow',
  ): Promise<Page> {
    const login = await this.open(authorizationUrl);
    if (!login.html.includes('Sign in to Trove')) return login;
    const consent = await this.submit(login, { key_id: key.id, secret: key.secret });
    if (!consent.html.includes('Allow access?')) return consent;
    return this.submit(consent, { decision });
  }
}
