/**
 * Client routing under /ui with the History API: Trove answers index.html for any
 * path under /ui, so every page has a real address that survives a reload.
 */
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export const BASE = '/ui';

const listeners = new Set<() => void>();

/** The path inside the console, e.g. `/pipelines/0193…`. */
export function currentPath(): string {
  const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : '/';
  return path === '' ? '/' : path;
}

export function navigate(path: string, replace = false): void {
  const url = `${BASE}${path}`;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  listeners.forEach((listener) => listener());
  // A new page starts at its top, with focus on its heading for screen readers.
  window.scrollTo(0, 0);
  requestAnimationFrame(() => document.querySelector<HTMLElement>('main h1')?.focus());
}

window.addEventListener('popstate', () => listeners.forEach((listener) => listener()));

export function usePath(): string {
  const [path, setPath] = useState(currentPath());
  useEffect(() => {
    const listener = () => setPath(currentPath());
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return path;
}

/** Matches `/pipelines/:id` against a path: the parameters, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(got[i]);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

type LinkProps = Omit<JSX.HTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  children: ComponentChildren;
};

export function Link({ to, children, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={`${BASE}${to}`}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
