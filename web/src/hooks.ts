import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Loaded<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** Loads data when `deps` change; `reload()` loads it again. A stale answer never overwrites a newer one. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error: string | null; loading: boolean }>({
    error: null,
    loading: true,
  });
  const generation = useRef(0);
  const run = useCallback(() => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => mine === generation.current && setState({ data, error: null, loading: false }),
      (error: Error) =>
        mine === generation.current && setState((s) => ({ ...s, error: error.message, loading: false })),
    );
  }, deps);
  useEffect(run, [run]);
  return { data: state.data, error: state.error, loading: state.loading, reload: run };
}

/** Runs an action, keeping its error and busy state for the form that started it. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (e) {
      setError((e as Error).message);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}

/** Calls `tick` every `ms` while mounted (and once at once). */
export function useInterval(tick: () => void, ms: number): void {
  const saved = useRef(tick);
  saved.current = tick;
  useEffect(() => {
    saved.current();
    const timer = setInterval(() => saved.current(), ms);
    return () => clearInterval(timer);
  }, [ms]);
}
