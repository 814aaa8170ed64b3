import { useEffect, useState } from 'preact/hooks';
import { listAll, post } from '../api/client';
import type { DistanceStrategy, Pipeline, Reranker, SearchHit, SearchType } from '../api/types';
import { EXECUTE, READ } from '../api/types';
import {
  Alert,
  Badge,
  Check,
  CodeBlock,
  Empty,
  ErrorText,
  Field,
  Loading,
  MetadataList,
  Page,
  Panel,
  Select,
  TextArea,
} from '../components';
import { limitedHint, useClassifications } from '../classifications';
import { useAbilities } from '../context';
import { useAction, useLoad } from '../hooks';
import {
  closeness,
  curlOf,
  scoreName,
  FilterRow,
  mcpOf,
  Operator,
  OPERATORS,
  requestOf,
  SearchForm,
} from './search-request';

const TYPES: { value: SearchType; label: string }[] = [
  { value: 'similarity', label: 'Similarity' },
  { value: 'mmr', label: 'MMR (diverse)' },
  { value: 'search', label: 'Full text (BM25)' },
  { value: 'hybrid', label: 'Hybrid (vectors and full text)' },
];
const DISTANCES: { value: DistanceStrategy; label: string }[] = [
  { value: 'cosine', label: 'Cosine' },
  { value: 'euclidean', label: 'Euclidean' },
  { value: 'inner_product', label: 'Inner product' },
];

const initialPipeline = () => new URLSearchParams(location.search).get('pipeline') ?? '';

export function SearchPlayground() {
  const abilities = useAbilities();
  const pipelines = useLoad(
    () =>
      listAll<Pipeline>('/pipelines').then((all) => all.filter((p) => abilities.can(p.id, READ | EXECUTE))),
    [],
  );
  const [pipelineId, setPipelineId] = useState(initialPipeline());
  const pipeline = pipelines.data?.find((p) => p.id === pipelineId) ?? pipelines.data?.[0];
  const usable = useClassifications(pipeline?.id);
  const classes = usable.data?.names ?? null;
  const [form, setForm] = useState<SearchForm>({
    type: 'similarity',
    query: '',
    k: '5',
    fetchK: '20',
    lambda: '0.5',
    threshold: '',
    embedding: '',
    classifications: [],
    match: 'hierarchical',
    filters: [],
    distance: 'cosine',
    fusion: 'rrf',
    alpha: '0.5',
    candidates: '',
    reranker: '',
    rerankCandidates: '',
  });
  const rerankers = useLoad(() => listAll<Reranker>('/rerankers').catch(() => [] as Reranker[]), []);
  const [freeClasses, setFreeClasses] = useState('');
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [searchedClasses, setSearchedClasses] = useState<string[] | null>(null);
  const action = useAction();
  const set = <K extends keyof SearchForm>(key: K, value: SearchForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  // The classifications offered start all chosen.
  useEffect(() => {
    if (classes) setForm((f) => ({ ...f, classifications: classes }));
  }, [classes]);

  if (pipelines.error)
    return (
      <Page title="Search playground">
        <ErrorText error={pipelines.error} />
      </Page>
    );
  if (!pipelines.data)
    return (
      <Page title="Search playground">
        <Loading />
      </Page>
    );
  if (!pipeline)
    return (
      <Page title="Search playground">
        <Empty>This key may search no pipeline (search needs read and execute).</Empty>
      </Page>
    );

  const effective: SearchForm = classes
    ? form
    : {
        ...form,
        classifications: freeClasses
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean),
      };
  const request = requestOf(effective);
  const noClass = request.classifications.values.length === 0;
  /** The classifications of the search the results answer. */
  const searched = searchedClasses ?? [];
  const mcp = mcpOf(pipeline.id, request);
  const setRow = (index: number, change: Partial<FilterRow>) =>
    set(
      'filters',
      form.filters.map((row, i) => (i === index ? { ...row, ...change } : row)),
    );

  const submit = async (event: Event) => {
    event.preventDefault();
    const result = await action.run(() => post<SearchHit[]>(`/pipelines/${pipeline.id}/search`, request));
    if (result) {
      setHits(result);
      setSearchedClasses(request.classifications.values);
    }
  };
  const best = Math.max(0, ...(hits ?? []).map((h) => h.score));

  return (
    <Page title="Search playground">
      <form onSubmit={submit} class="stack">
        <Panel title="Query">
          <div class="grid-3">
            <Select
              label="Pipeline"
              value={pipeline.id}
              options={pipelines.data.map((p) => ({ value: p.id, label: p.name }))}
              onValue={(id) => (setPipelineId(id), setHits(null))}
            />
            <Select<SearchType>
              label="Type"
              value={form.type}
              options={TYPES}
              onValue={(v) => set('type', v)}
            />
            {form.type !== 'search' && form.type !== 'hybrid' && (
              <Select<DistanceStrategy>
                label="Distance strategy"
                value={form.distance}
                options={DISTANCES}
                onValue={(v) => set('distance', v)}
              />
            )}
          </div>
          <TextArea label="Query" value={form.query} onValue={(v) => set('query', v)} rows={2} required />
          <div class="grid-4">
            <Field label="k (results)" type="number" min={0} value={form.k} onValue={(v) => set('k', v)} />
            {form.type === 'mmr' && (
              <>
                <Field
                  label="fetch_k (candidates)"
                  type="number"
                  min={0}
                  value={form.fetchK}
                  onValue={(v) => set('fetchK', v)}
                />
                <Field
                  label="lambda (0 diverse – 1 relevant)"
                  type="number"
                  min={0}
                  max={1}
                  step={0.05}
                  value={form.lambda}
                  onValue={(v) => set('lambda', v)}
                />
              </>
            )}
            {form.type === 'hybrid' && (
              <>
                <Select<'rrf' | 'weighted'>
                  label="Fusion"
                  value={form.fusion}
                  options={[
                    { value: 'rrf', label: 'Reciprocal rank (RRF)' },
                    { value: 'weighted', label: 'Weighted scores' },
                  ]}
                  onValue={(v) => set('fusion', v)}
                />
                <Field
                  label="alpha (vector weight, 0–1)"
                  type="number"
                  min={0}
                  max={1}
                  step={0.05}
                  value={form.alpha}
                  onValue={(v) => set('alpha', v)}
                />
                <Field
                  label="Candidates per list"
                  type="number"
                  min={1}
                  value={form.candidates}
                  onValue={(v) => set('candidates', v)}
                  placeholder="3 × k, at least 20"
                />
              </>
            )}
            {form.type !== 'hybrid' && (
              <Field
                label={form.type === 'search' ? 'Threshold (least rank)' : 'Threshold (largest distance)'}
                type="number"
                step="any"
                value={form.threshold}
                onValue={(v) => set('threshold', v)}
              />
            )}
            {form.type !== 'search' && Object.keys(pipeline.embedding_models).length > 1 && (
              <Select
                label="Embedding model"
                value={form.embedding}
                options={[
                  { value: '', label: 'Default' },
                  ...Object.values(pipeline.embedding_models).map((m) => ({ value: m.id, label: m.name })),
                ]}
                onValue={(v) => set('embedding', v)}
              />
            )}
          </div>
          {(rerankers.data?.length ?? 0) > 0 && (
            <div class="grid-4">
              <Select
                label="Rerank with"
                value={form.reranker}
                options={[
                  { value: '', label: 'No reranker' },
                  ...rerankers.data!.map((r) => ({ value: r.id, label: r.name })),
                ]}
                onValue={(v) => set('reranker', v)}
              />
              {form.reranker && (
                <Field
                  label="Candidates to rerank"
                  type="number"
                  min={1}
                  value={form.rerankCandidates}
                  onValue={(v) => set('rerankCandidates', v)}
                  placeholder="3 × k, at least 20"
                />
              )}
            </div>
          )}
        </Panel>
        <Panel title="Classifications">
          {classes ? (
            <fieldset class="checks" aria-describedby={usable.data?.limited ? 'classes-hint' : undefined}>
              <legend>Search these classifications</legend>
              {classes.map((c) => (
                <Check
                  label={c}
                  checked={form.classifications.includes(c)}
                  onValue={(on) =>
                    set(
                      'classifications',
                      on ? [...form.classifications, c] : form.classifications.filter((x) => x !== c),
                    )
                  }
                />
              ))}
            </fieldset>
          ) : (
            <Field label="Classifications (comma-separated)" value={freeClasses} onValue={setFreeClasses} />
          )}
          {usable.data?.limited && (
            <p id="classes-hint" class="hint">
              {limitedHint(classes ?? [])}
            </p>
          )}
          <ErrorText error={usable.error} />
          <Select
            label="Match"
            value={form.match}
            options={[
              { value: 'hierarchical', label: 'Hierarchical (with what they inherit)' },
              { value: 'exact', label: 'Exact' },
            ]}
            onValue={(v) => set('match', v)}
          />
        </Panel>
        <Panel
          title="Metadata filters"
          actions={
            <button
              type="button"
              class="secondary"
              onClick={() => set('filters', [...form.filters, { key: '', op: '$eq', value: '' }])}
            >
              Add filter row
            </button>
          }
        >
          {form.filters.length === 0 && (
            <p class="muted">No filter: every document's fragments may match. All rows must hold.</p>
          )}
          {form.filters.map((row, i) => (
            <div class="filter-row">
              <Field
                label={`Key ${i + 1}`}
                value={row.key}
                onValue={(v) => setRow(i, { key: v })}
                placeholder="filename, author.name"
              />
              <Select<Operator>
                label={`Operator ${i + 1}`}
                value={row.op}
                options={OPERATORS}
                onValue={(v) => setRow(i, { op: v })}
              />
              <Field
                label={`Value ${i + 1}`}
                value={row.value}
                onValue={(v) => setRow(i, { value: v })}
                placeholder={
                  row.op === '$in' || row.op === '$nin'
                    ? 'a, b, c'
                    : row.op === '$exists'
                      ? 'true'
                      : '2024 or "text"'
                }
              />
              <button
                type="button"
                class="link"
                onClick={() =>
                  set(
                    'filters',
                    form.filters.filter((_, j) => j !== i),
                  )
                }
              >
                Remove<span class="sr-only"> filter row {i + 1}</span>
              </button>
            </div>
          ))}
        </Panel>
        <ErrorText error={action.error} />
        <div class="actions">
          <button type="submit" disabled={action.busy || !form.query.trim() || noClass}>
            {action.busy ? 'Searching…' : 'Search'}
          </button>
          {noClass && <span class="hint">Choose at least one classification to search.</span>}
        </div>
      </form>
      {hits && (
        <Panel title={`Results (${hits.length})`}>
          {hits.length === 0 && (
            <Empty>
              No fragment matched in {searched.length ? searched.join(', ') : 'the classifications chosen'}
              {request.classifications.match === 'hierarchical' ? ' (with what they inherit)' : ''}
              {request.filters ? ' under the metadata filters' : ''}.
              {usable.data?.limited && ' This key searches only the classifications its grant allows.'}
            </Empty>
          )}
          <ol class="results">
            {hits.map((hit) => {
              const reranked = Boolean(request.rerank);
              const close = closeness(hit, form.type, form.distance, best, reranked);
              const scored = scoreName(form.type, reranked);
              return (
                <li class="result">
                  <div class="result-head">
                    <meter
                      min={0}
                      max={1}
                      value={close}
                      aria-label={`Closeness ${Math.round(close * 100)}%`}
                    />
                    <span class="score" title={scored}>
                      {scored} {hit.score.toFixed(4)}
                    </span>
                    <Badge>{hit.classification}</Badge>
                    <span class="muted">
                      fragment #{hit.order_id} of document <code>{hit.document_id.slice(0, 8)}…</code>
                    </span>
                  </div>
                  <p class="fragment-text">{hit.page_content ?? ''}</p>
                  <MetadataList metadata={hit.metadata} />
                </li>
              );
            })}
          </ol>
        </Panel>
      )}
      <Panel title="The same search elsewhere">
        <div class="grid-2 top-aligned">
          <CodeBlock label="curl" code={curlOf(location.origin, pipeline.id, request)} />
          <CodeBlock label="MCP tools/call" code={mcp.message} />
        </div>
        {mcp.notes.length > 0 && <Alert kind="info">{mcp.notes.join(' ')}</Alert>}
      </Panel>
    </Page>
  );
}
