import { useEffect, useState } from 'preact/hooks';
import { del, get, listAll, patch, put } from '../api/client';
import type {
  Classifications,
  EmbeddingModel,
  Job,
  ListEnvelope,
  Pipeline,
  PipelineUpdate,
  TextSplitter,
} from '../api/types';
import { EXECUTE, READ, WRITE } from '../api/types';
import {
  Alert,
  Badge,
  Check,
  ErrorText,
  Field,
  formatTime,
  Loading,
  Page,
  Panel,
  Select,
  TextArea,
} from '../components';
import { useAbilities } from '../context';
import { useAction, useInterval, useLoad } from '../hooks';
import { Link, navigate } from '../router';
import { limitedHint } from '../classifications';
import { HierarchyEditor } from './hierarchy';
import { ModelChoice, splitterLabel } from './pipeline-create';

export function PipelineDetail(props: { id: string }) {
  const abilities = useAbilities();
  const pipeline = useLoad(() => get<Pipeline>(`/pipelines/${props.id}`), [props.id]);
  const readable = abilities.can(props.id, READ);
  if (pipeline.error)
    return (
      <Page title="Pipeline">
        <ErrorText error={pipeline.error} />
      </Page>
    );
  if (!pipeline.data)
    return (
      <Page title="Pipeline">
        <Loading />
      </Page>
    );
  const p = pipeline.data;
  return (
    <Page
      title={`Pipeline ${p.name}`}
      actions={
        <>
          {(readable || abilities.can(p.id, WRITE)) && (
            <Link to={`/pipelines/${p.id}/documents`} class="button secondary">
              Documents
            </Link>
          )}
          {abilities.can(p.id, READ | EXECUTE) && (
            <Link to={`/search?pipeline=${p.id}`} class="button secondary">
              Search
            </Link>
          )}
          {readable && (
            <Link to={`/pipelines/${p.id}/evaluations`} class="button secondary">
              Evaluations
            </Link>
          )}
        </>
      }
    >
      <dl class="facts">
        <div>
          <dt>Id</dt>
          <dd>
            <code>{p.id}</code>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatTime(p.created_at)}</dd>
        </div>
        <div>
          <dt>Full-text search</dt>
          <dd>{p.full_text_search ? 'enabled' : 'disabled'}</dd>
        </div>
        <div>
          <dt>Embedding models</dt>
          <dd>
            {Object.entries(p.embedding_models).map(([vector, m]) => (
              <div>
                {m.name} ({m.size} dimensions){vector === p.default_vector_embedding_id ? ' — default' : ''}
              </div>
            ))}
            {Object.keys(p.embedding_models).length === 0 && 'none (full text only)'}
          </dd>
        </div>
      </dl>
      {abilities.admin && <EditPipeline pipeline={p} onSaved={pipeline.reload} />}
      {abilities.classifications(p.id) === '*' ? (
        <ClassificationsPanel pipelineId={p.id} />
      ) : (
        <GrantedClassifications names={abilities.classifications(p.id) as string[]} />
      )}
      {abilities.admin && <DeletePipeline pipeline={p} />}
    </Page>
  );
}

/**
 * Names, defaults, embedding models and full text. Adding a model, or turning full text
 * on, in a pipeline holding documents answers with a reindex job, followed below.
 */
function EditPipeline(props: { pipeline: Pipeline; onSaved: () => void }) {
  const p = props.pipeline;
  const catalogue = useLoad(
    async () => ({
      models: await listAll<EmbeddingModel>('/embedding_models'),
      splitters: await listAll<TextSplitter>('/text_splitters'),
    }),
    [],
  );
  const current = Object.values(p.embedding_models).map((m) => m.id);
  const [name, setName] = useState(p.name);
  const [description, setDescription] = useState(p.description ?? '');
  const [splitter, setSplitter] = useState(p.default_text_splitter_id);
  const [vector, setVector] = useState(p.default_vector_embedding_id ?? '');
  const [models, setModels] = useState(current);
  const [fullText, setFullText] = useState(p.full_text_search);
  const [saved, setSaved] = useState(false);
  const [job, setJob] = useState<Job | null>(null);
  const action = useAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    const body: PipelineUpdate = {
      name: name.trim(),
      description: description.trim() || null,
      default_text_splitter_id: splitter,
      embedding_model_ids: models,
      full_text_search: fullText,
    };
    // The default stays the one chosen while its model stays; otherwise the first model is.
    if (vector && models.includes(p.embedding_models[vector]?.id)) body.default_vector_embedding_id = vector;
    setSaved(false);
    const answer = await action.run(() => patch<Pipeline | Job>(`/pipelines/${p.id}`, body));
    if (answer) {
      setSaved(true);
      if ('kind' in answer) setJob(answer);
      props.onSaved();
    }
  };
  return (
    <>
      <Panel title="Settings">
        <form onSubmit={submit} class="stack">
          <div class="grid-2">
            <Field label="Name" value={name} onValue={setName} required maxLength={200} />
            <Select
              label="Default text splitter"
              value={splitter}
              options={(catalogue.data?.splitters ?? []).map((s) => ({
                value: s.id,
                label: splitterLabel(s),
              }))}
              onValue={setSplitter}
            />
          </div>
          <TextArea label="Description" value={description} onValue={setDescription} rows={2} />
          {Object.keys(p.embedding_models).length > 1 && (
            <Select
              label="Default embedding model"
              value={vector}
              options={Object.entries(p.embedding_models).map(([id, m]) => ({ value: id, label: m.name }))}
              onValue={setVector}
            />
          )}
          {catalogue.data && (
            <ModelChoice models={catalogue.data.models} chosen={models} onChosen={setModels} />
          )}
          <Check label="Full-text search" checked={fullText} onValue={setFullText} />
          <p class="muted">
            A model added, or full text turned on, is computed for every stored fragment by a reindex job;
            searching it waits for the job. A model removed loses its vectors at once.
          </p>
          <ErrorText error={catalogue.error ?? action.error} />
          {saved && <Alert kind="ok">Saved.</Alert>}
          <div class="actions">
            <button type="submit" disabled={action.busy}>
              Save settings
            </button>
          </div>
        </form>
      </Panel>
      <ReindexProgress pipelineId={p.id} started={job} onFinished={props.onSaved} />
    </>
  );
}

/**
 * The pipeline's reindex job: the one the last edit started, or one still open from
 * before; polled until it finishes, then left on show with its outcome.
 */
function ReindexProgress(props: { pipelineId: string; started: Job | null; onFinished: () => void }) {
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setJob(props.started), [props.started]);
  const finished = job?.state === 'succeeded' || job?.state === 'failed';
  useInterval(() => {
    if (finished) return;
    const read = job
      ? get<Job>(`/jobs/${job.id}`)
      : get<ListEnvelope<Job>>(
          `/jobs?pipeline_id=${props.pipelineId}&kind=reindex&state$in=queued,running`,
        ).then((page) => page.data[0] ?? null);
    read.then(
      (next) => {
        setJob(next);
        setError(null);
        if (next && (next.state === 'succeeded' || next.state === 'failed')) props.onFinished();
      },
      (e: Error) => setError(e.message),
    );
  }, 2000);
  if (!job && !error) return null;
  return (
    <Panel title="Reindex">
      <ErrorText error={error} />
      {job && (
        <div class="stack">
          <p>
            <Badge tone={job.state === 'failed' ? 'bad' : job.state === 'succeeded' ? 'ok' : 'warn'}>
              {job.state}
            </Badge>{' '}
            <progress max={job.total} value={job.processed} aria-label="Reindex progress" />{' '}
            <span>{`${job.processed}/${job.total} fragments`}</span>
          </p>
          {job.errors.map((e) => (
            <Alert kind="error">{e.detail}</Alert>
          ))}
          {job.state === 'failed' && <p class="muted">Nothing was lost: save the settings again to retry.</p>}
        </div>
      )}
    </Panel>
  );
}

function ClassificationsPanel(props: { pipelineId: string }) {
  const abilities = useAbilities();
  const loaded = useLoad(
    () => get<Classifications>(`/pipelines/${props.pipelineId}/classifications`),
    [props.pipelineId],
  );
  const [draft, setDraft] = useState<Classifications | null>(null);
  const [saved, setSaved] = useState(false);
  const action = useAction();
  useEffect(() => setDraft(null), [loaded.data]);
  const value = draft ?? loaded.data;
  const save = async () => {
    if (!draft) return;
    setSaved(false);
    const result = await action.run(() =>
      put<Classifications>(`/pipelines/${props.pipelineId}/classifications`, draft),
    );
    if (result) {
      setSaved(true);
      loaded.reload();
    }
  };
  return (
    <Panel
      title="Classification hierarchy"
      actions={
        abilities.admin &&
        draft && (
          <>
            <button type="button" onClick={save} disabled={action.busy}>
              Save hierarchy
            </button>
            <button type="button" class="secondary" onClick={() => (setDraft(null), action.setError(null))}>
              Discard changes
            </button>
          </>
        )
      }
    >
      {loaded.error && <ErrorText error={loaded.error} />}
      {!value && !loaded.error && <Loading />}
      {value && (
        <HierarchyEditor
          value={value}
          onChange={abilities.admin ? (v) => (setDraft(v), setSaved(false)) : undefined}
        />
      )}
      <ErrorText error={action.error} />
      {saved && <Alert kind="ok">Hierarchy saved.</Alert>}
    </Panel>
  );
}

/** What a key limited to some classifications may use, in place of the hierarchy it is not shown. */
function GrantedClassifications(props: { names: string[] }) {
  return (
    <Panel title="Classifications this key may use">
      {props.names.length > 0 && (
        <ul class="chips">
          {props.names.map((name) => (
            <li class="chip">{name}</li>
          ))}
        </ul>
      )}
      <p class="muted">{limitedHint(props.names)}</p>
    </Panel>
  );
}

function DeletePipeline(props: { pipeline: Pipeline }) {
  const [confirm, setConfirm] = useState('');
  const action = useAction();
  const remove = async (event: Event) => {
    event.preventDefault();
    const deleted = await action.run(async () => (await del(`/pipelines/${props.pipeline.id}`), true));
    if (deleted) navigate('/pipelines');
  };
  return (
    <Panel title="Delete pipeline">
      <form onSubmit={remove} class="inline">
        <Field label={`Type ${props.pipeline.name} to confirm`} value={confirm} onValue={setConfirm} />
        <button type="submit" class="danger" disabled={confirm !== props.pipeline.name || action.busy}>
          Delete pipeline and its documents
        </button>
      </form>
      <ErrorText error={action.error} />
    </Panel>
  );
}
