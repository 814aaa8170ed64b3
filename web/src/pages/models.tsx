import { useState } from 'preact/hooks';
import { del, listAll, patch, post } from '../api/client';
import type {
  EmbeddingModel,
  EmbeddingProbe,
  EmbeddingProvider,
  Llm,
  LlmProbe,
  LlmWrite,
} from '../api/types';
import {
  Alert,
  Badge,
  Check,
  ConfirmButton,
  Empty,
  ErrorText,
  Field,
  Loading,
  Page,
  Panel,
  Select,
} from '../components';
import { useAbilities } from '../context';
import { useAction, useLoad } from '../hooks';

function ProbeResult(props: { probe: EmbeddingProbe | LlmProbe | undefined }) {
  const p = props.probe;
  if (!p) return null;
  if (!p.ok)
    return (
      <Alert>
        Failed after {p.latency_ms} ms: {p.error}
      </Alert>
    );
  const detail =
    'dimension' in p ? `${p.dimension} dimensions (registered: ${p.size})` : `answered “${p.answer}”`;
  return (
    <Alert kind="ok">
      OK in {p.latency_ms} ms: {detail}
    </Alert>
  );
}

function parseParameters(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  const value = JSON.parse(text) as unknown;
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error('Parameters must be a JSON object');
  return value as Record<string, unknown>;
}

/** A form for one embedding model; the page remounts it (a new `key`) after each one added, so it starts afresh. */
function AddEmbeddingModel(props: { onAdded: () => void }) {
  const providers = useLoad(() => listAll<EmbeddingProvider>('/embedding_providers'), []);
  const [name, setName] = useState('');
  const [provider, setProvider] = useState('');
  const [size, setSize] = useState('384');
  const [parameters, setParameters] = useState('');
  const [description, setDescription] = useState('');
  const action = useAction();
  const chosen = provider || providers.data?.[0]?.provider || 'hashing';
  const add = async (event: Event) => {
    event.preventDefault();
    const ok = await action.run(async () => {
      await post('/embedding_models', {
        name: name.trim(),
        provider: chosen,
        size: Number(size),
        parameters: parseParameters(parameters),
        ...(description ? { description } : {}),
      });
      return true;
    });
    if (ok) props.onAdded();
  };
  return (
    <form onSubmit={add} class="stack">
      <h3>Add an embedding model</h3>
      <div class="grid-3">
        <Field label="Name" value={name} onValue={setName} required />
        <Select
          label="Provider"
          value={chosen}
          options={(providers.data ?? []).map((p) => ({
            value: p.provider,
            label: `${p.provider} — ${p.description}`,
          }))}
          onValue={setProvider}
        />
        <Field label="Dimensions" type="number" min={1} value={size} onValue={setSize} required />
      </div>
      <Field
        label="Parameters (JSON object)"
        value={parameters}
        onValue={setParameters}
        spellcheck={false}
        placeholder='{"base_url": "http://localhost:11434/v1", "model": "nomic-embed-text"}'
      />
      <Field label="Description" value={description} onValue={setDescription} />
      <ErrorText error={providers.error ?? action.error} />
      <div class="actions">
        <button type="submit" disabled={action.busy}>
          Add embedding model
        </button>
      </div>
    </form>
  );
}

function EmbeddingModels() {
  const models = useLoad(() => listAll<EmbeddingModel>('/embedding_models'), []);
  const [probes, setProbes] = useState<Record<string, EmbeddingProbe>>({});
  const [added, setAdded] = useState(0);
  const action = useAction();
  const test = async (m: EmbeddingModel) => {
    const probe = await action.run(() => post<EmbeddingProbe>(`/embedding_models/${m.id}/test`));
    if (probe) setProbes((all) => ({ ...all, [m.id]: probe }));
  };
  const remove = async (m: EmbeddingModel) => {
    if (await action.run(async () => (await del(`/embedding_models/${m.id}`), true))) models.reload();
  };
  return (
    <Panel title="Embedding models">
      <ErrorText error={models.error ?? action.error} />
      {models.loading && !models.data && <Loading />}
      {models.data?.length === 0 && <Empty>No embedding model.</Empty>}
      <ul class="cards">
        {models.data?.map((m) => (
          <li class="card">
            <div class="card-head">
              <strong>{m.name}</strong> <Badge>{m.provider}</Badge>{' '}
              <span class="muted">{m.size} dimensions</span>
            </div>
            {m.description && <p class="muted">{m.description}</p>}
            <div class="actions">
              <button type="button" class="secondary" onClick={() => test(m)} disabled={action.busy}>
                Test<span class="sr-only"> {m.name}</span>
              </button>
              <ConfirmButton label="Delete" what={m.name} onConfirm={() => remove(m)} />
            </div>
            <ProbeResult probe={probes[m.id]} />
          </li>
        ))}
      </ul>
      <AddEmbeddingModel key={added} onAdded={() => (setAdded((n) => n + 1), models.reload())} />
    </Panel>
  );
}

/** A form for one LLM; remounted after each one added, like AddEmbeddingModel. */
function AddLlm(props: { onAdded: () => void }) {
  const [form, setForm] = useState<LlmWrite>({
    name: '',
    provider: 'openai',
    endpoint: '',
    model: '',
    api_key: '',
    is_default: false,
  });
  const action = useAction();
  const set = <K extends keyof LlmWrite>(key: K, value: LlmWrite[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const add = async (event: Event) => {
    event.preventDefault();
    const body: LlmWrite = { name: form.name.trim(), provider: form.provider, is_default: form.is_default };
    if (form.provider === 'openai') {
      body.endpoint = form.endpoint;
      body.model = form.model;
      if (form.api_key) body.api_key = form.api_key;
    }
    if (await action.run(async () => (await post('/llms', body), true))) props.onAdded();
  };
  return (
    <form onSubmit={add} class="stack">
      <h3>Add an LLM</h3>
      <div class="grid-3">
        <Field label="LLM name" value={form.name} onValue={(v) => set('name', v)} required />
        <Select<LlmWrite['provider']>
          label="LLM provider"
          value={form.provider}
          options={[
            { value: 'openai', label: 'OpenAI-compatible (OpenAI, Ollama, vLLM…)' },
            { value: 'extractive', label: 'Extractive (built in, offline)' },
          ]}
          onValue={(v) => set('provider', v)}
        />
        <Check
          label="Make it the default"
          checked={form.is_default ?? false}
          onValue={(v) => set('is_default', v)}
        />
      </div>
      {form.provider === 'openai' && (
        <div class="grid-3">
          <Field
            label="Endpoint"
            type="url"
            value={form.endpoint ?? ''}
            onValue={(v) => set('endpoint', v)}
            required
            placeholder="http://localhost:11434/v1"
          />
          <Field
            label="Model"
            value={form.model ?? ''}
            onValue={(v) => set('model', v)}
            required
            placeholder="llama3.1:8b"
          />
          <Field
            label="API key (optional, write-only)"
            type="password"
            value={form.api_key ?? ''}
            onValue={(v) => set('api_key', v)}
            autoComplete="off"
          />
        </div>
      )}
      <ErrorText error={action.error} />
      <div class="actions">
        <button type="submit" disabled={action.busy}>
          Add LLM
        </button>
      </div>
    </form>
  );
}

function Llms() {
  const llms = useLoad(() => listAll<Llm>('/llms'), []);
  const [probes, setProbes] = useState<Record<string, LlmProbe>>({});
  const [added, setAdded] = useState(0);
  const action = useAction();
  const test = async (l: Llm) => {
    const probe = await action.run(() => post<LlmProbe>(`/llms/${l.id}/test`));
    if (probe) setProbes((all) => ({ ...all, [l.id]: probe }));
  };
  const act = async (work: () => Promise<unknown>) => {
    if (await action.run(async () => (await work(), true))) llms.reload();
  };
  return (
    <Panel title="LLMs">
      <ErrorText error={llms.error ?? action.error} />
      {llms.loading && !llms.data && <Loading />}
      <ul class="cards">
        {llms.data?.map((l) => (
          <li class="card">
            <div class="card-head">
              <strong>{l.name}</strong> <Badge>{l.provider}</Badge>{' '}
              {l.is_default && <Badge tone="ok">default</Badge>}
              {l.model && <span class="muted">{l.model}</span>}
            </div>
            {l.endpoint && (
              <p class="muted">
                {l.endpoint}
                {l.has_api_key ? ' (with an API key)' : ''}
              </p>
            )}
            <div class="actions">
              <button type="button" class="secondary" onClick={() => test(l)} disabled={action.busy}>
                Test<span class="sr-only"> {l.name}</span>
              </button>
              {!l.is_default && (
                <button
                  type="button"
                  class="secondary"
                  onClick={() => act(() => patch(`/llms/${l.id}`, { is_default: true }))}
                >
                  Make default<span class="sr-only"> {l.name}</span>
                </button>
              )}
              <ConfirmButton label="Delete" what={l.name} onConfirm={() => act(() => del(`/llms/${l.id}`))} />
            </div>
            <ProbeResult probe={probes[l.id]} />
          </li>
        ))}
      </ul>
      <AddLlm key={added} onAdded={() => (setAdded((n) => n + 1), llms.reload())} />
    </Panel>
  );
}

export function Models() {
  const abilities = useAbilities();
  if (!abilities.admin)
    return (
      <Page title="Models and LLMs">
        <Alert kind="info">Only admin keys manage models and LLMs.</Alert>
      </Page>
    );
  return (
    <Page title="Models and LLMs">
      <EmbeddingModels />
      <Llms />
    </Page>
  );
}
