/**
 * Base URLs of the endpoints Trove calls (embedding and chat servers). Credentials
 * are refused because the URL appears in error messages and logs (keys have their
 * own field), and a query or fragment because Trove appends paths to it.
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
