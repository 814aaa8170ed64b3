import { useState } from 'preact/hooks';
import { ApiError, get } from '../api/client';
import type { ApiKey } from '../api/types';
import { Alert, Field } from '../components';
import { clearCredentials, saveCredentials } from '../session';

/** Signs in with a key id and secret: kept for this tab only, checked with GET /api_keys/me. */
export function SignIn(props: { onSignedIn: (key: ApiKey) => void }) {
  const [id, setId] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    saveCredentials({ id: id.trim(), secret });
    try {
      props.onSignedIn(await get<ApiKey>('/api_keys/me'));
    } catch (e) {
      clearCredentials();
      setError(
        e instanceof ApiError && e.status === 401
          ? `${e.message} Check the key id and secret.`
          : (e as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" class="sign-in">
      <h1>Sign in to Trove</h1>
      <p class="muted">
        Use an API key: its id and secret stay in this browser tab only and are sent to this Trove alone.
      </p>
      <form onSubmit={submit} class="stack">
        <Field
          label="Key id"
          value={id}
          onValue={setId}
          required
          autoComplete="username"
          spellcheck={false}
        />
        <Field
          label="Secret"
          type="password"
          value={secret}
          onValue={setSecret}
          required
          autoComplete="current-password"
        />
        {error && <Alert>{error}</Alert>}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
