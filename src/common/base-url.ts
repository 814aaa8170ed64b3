/**
 * Base URLs of the endpoints Trove calls (embedding and chat servers). Credentials
 * are refused because the URL appears in error messages to admin keys and in logs
 * (keys have their own field), and a query or fragment because Trove appends paths
 * to it. Other keys never see the address (`withoutAddress`, `shownAddress`).
 */
export type BaseUrlProblem = 'not_http' | 'credentials' | 'query';

/** The URL minus trailing slashes, or what is wrong with it. */
export function parseBaseUrl(raw: string): { url: string } | { problem: BaseUrlProblem } {
  const value = raw.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'not_http' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'not_http' };
  if (url.username !== '' || url.password !== '') return { problem: 'credentials' };
  if (url.search !== '' || url.hash !== '') return { problem: 'query' };
  return { url: value };
}

/** What stands for an endpoint's address wherever a key other than an admin key would see it. */
export const ADDRESS_PLACEHOLDER = '[endpoint]';

/**
 * An endpoint's address as a key is shown it in a model's or an LLM's description:
 * admin keys configured it and see it; every other key, which may search with the
 * model but not reconfigure it, sees the placeholder, as in error texts.
 */
export function shownAddress(address: string, admin: boolean): string {
  return admin ? address : ADDRESS_PLACEHOLDER;
}

/**
 * `text` without the endpoint's base URL or its host (and port), which an endpoint's
 * error may echo: what keys other than admin keys see of an endpoint's words.
 */
export function withoutAddress(text: string, baseUrl: string): string {
  let host = '';
  try {
    host = new URL(baseUrl).host;
  } catch {
    // Not a URL: the base URL alone is scrubbed.
  }
  return [baseUrl, host]
    .filter((part) => part.length > 0)
    .reduce((result, part) => result.split(part).join(ADDRESS_PLACEHOLDER), text);
}
