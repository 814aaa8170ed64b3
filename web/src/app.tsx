/**
 * The console's frame: sign-in until a key is verified, then the navigation (only
 * what the key may use) and the page the address names.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { get, setUnauthorizedHandler } from './api/client';
import type { ApiKey } from './api/types';
import { Loading } from './components';
import { AbilitiesContext } from './context';
import { AgentChat } from './pages/agent-chat';
import { AgentForm, Agents } from './pages/agents';
import { Documents } from './pages/documents';
import { Evaluations } from './pages/evaluations';
import { Health } from './pages/health';
import { Jobs } from './pages/jobs';
import { Keys } from './pages/keys';
import { Models } from './pages/models';
import { PipelineDetail } from './pages/pipeline-detail';
import { PipelineCreate } from './pages/pipeline-create';
import { Pipelines } from './pages/pipelines';
import { SearchPlayground } from './pages/search';
import { SignIn } from './pages/sign-in';
import { Link, match, navigate, usePath } from './router';
import { Abilities, clearCredentials, loadCredentials } from './session';
import { applyTheme, loadTheme, Theme } from './theme';

interface NavItem {
  to: string;
  label: string;
  show: (abilities: Abilities) => boolean;
}

const NAV: NavItem[] = [
  { to: '/pipelines', label: 'Pipelines', show: () => true },
  { to: '/search', label: 'Search', show: (a) => a.canAnywhere(5) },
  { to: '/agents', label: 'Agents', show: (a) => a.hasScope('agent:read') },
  { to: '/jobs', label: 'Jobs', show: (a) => a.admin || a.canAnywhere(2) },
  { to: '/keys', label: 'Keys', show: (a) => a.admin },
  { to: '/models', label: 'Models & LLMs', show: (a) => a.admin },
  { to: '/health', label: 'Health', show: () => true },
];

function route(path: string) {
  let params: Record<string, string> | null;
  if (path === '/' || path === '/pipelines') return <Pipelines />;
  if (path === '/pipelines/new') return <PipelineCreate />;
  if ((params = match('/pipelines/:id', path))) return <PipelineDetail id={params.id} />;
  if ((params = match('/pipelines/:id/documents', path))) return <Documents pipelineId={params.id} />;
  if ((params = match('/pipelines/:id/evaluations', path))) return <Evaluations pipelineId={params.id} />;
  if (path === '/search') return <SearchPlayground />;
  if (path === '/agents') return <Agents />;
  if (path === '/agents/new') return <AgentForm />;
  if ((params = match('/agents/:key/edit', path))) return <AgentForm agentKey={params.key} />;
  if ((params = match('/agents/:key', path))) return <AgentChat agentKey={params.key} />;
  if ((params = match('/agents/:key/conversations/:conversation', path)))
    return <AgentChat agentKey={params.key} conversationId={params.conversation} />;
  if (path === '/keys') return <Keys />;
  if (path === '/models') return <Models />;
  if (path === '/jobs') return <Jobs />;
  if (path === '/health') return <Health />;
  return (
    <section class="page">
      <h1 tabIndex={-1}>Not found</h1>
      <p>
        The console has no page at this address. <Link to="/pipelines">Go to the pipelines</Link>.
      </p>
    </section>
  );
}

function ThemeSwitch() {
  const [theme, setTheme] = useState<Theme>(loadTheme());
  useEffect(() => applyTheme(theme), [theme]);
  return (
    <label class="theme-switch">
      <span>Theme</span>
      <select value={theme} onChange={(e) => setTheme((e.target as HTMLSelectElement).value as Theme)}>
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  );
}

export function App() {
  const path = usePath();
  const [key, setKey] = useState<ApiKey | null>(null);
  const [checking, setChecking] = useState(loadCredentials() !== null);

  const signOut = () => {
    clearCredentials();
    setKey(null);
    navigate('/', true);
  };

  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearCredentials();
      setKey(null);
    });
    if (!loadCredentials()) return;
    get<ApiKey>('/api_keys/me')
      .then(setKey, () => clearCredentials())
      .finally(() => setChecking(false));
  }, []);

  const abilities = useMemo(() => (key ? new Abilities(key) : null), [key]);

  if (checking) return <Loading what="the console" />;
  if (!abilities) {
    return (
      <div class="signed-out">
        <ThemeSwitch />
        <SignIn onSignedIn={(me) => setKey(me)} />
      </div>
    );
  }
  const current = path === '/' ? '/pipelines' : path;
  return (
    <AbilitiesContext.Provider value={abilities}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <Link to="/pipelines" class="brand">
          Trove
        </Link>
        <nav aria-label="Main">
          <ul>
            {NAV.filter((item) => item.show(abilities)).map((item) => (
              <li>
                <Link
                  to={item.to}
                  aria-current={current === item.to || current.startsWith(`${item.to}/`) ? 'page' : undefined}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <ThemeSwitch />
          <span class="key-name" title={abilities.key.id}>
            {abilities.key.name}
            {abilities.admin ? ' (admin)' : ''}
          </span>
          <button type="button" class="secondary" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main">{route(path)}</main>
    </AbilitiesContext.Provider>
  );
}
