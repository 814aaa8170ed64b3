/**
 * A pipeline's evaluations: start one from a labelled set (a JSONL file of queries, or
 * BEIR's queries.jsonl with its qrels .tsv) and the searches to compare, follow its
 * progress, read its results (evaluation-results.tsx) and compare two of them.
 */
import { useState } from 'preact/hooks';
import { del, get, listAll, post } from '../api/client';
import type { EvaluationCreate, EvaluationSummary, ListEnvelope, Pipeline, Reranker } from '../api/types';
import { EXECUTE, READ } from '../api/types';
import {
  Alert,
  Badge,
  Check,
  ConfirmButton,
  Empty,
  ErrorText,
  Field,
  formatTime,
  Loading,
  Page,
  Panel,
  Table,
  TextArea,
} from '../components';
import { limitedHint, useClassifications } from '../classifications';
import { useAbilities } from '../context';
import { useAction, useInterval, useLoad } from '../hooks';
import { Link } from '../router';
import { Comparison, Results } from './evaluation-results';
import { best, formatMetric, readSet, searchChoices, SetFile } from './evaluation-view';

const initialSelection = () => new URLSearchParams(location.search).get('evaluation');

export function Evaluations(props: { pipelineId: string }) {
  const abilities = useAbilities();
  const pipeline = useLoad(() => get<Pipeline>(`/pipelines/${props.pipelineId}`), [props.pipelineId]);
  const [list, setList] = useState<EvaluationSummary[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(initialSelection());
  const [compared, setCompared] = useState<string[]>([]);
  const base = `/pipelines/${props.pipelineId}/evaluations`;

  const refresh = () =>
    get<ListEnvelope<EvaluationSummary>>(`${base}?limit=1000`).then(
      (page) => (setList([...page.data].reverse()), setListError(null)),
      (e: Error) => setListError(e.message),
    );
  // Queued and running evaluations move on their own.
  useInterval(() => {
    if (list === null || list.some((e) => e.status === 'queued' || e.status === 'running')) void refresh();
  }, 2000);

  const title = pipeline.data ? `Evaluations of ${pipeline.data.name}` : 'Evaluations';
  if (pipeline.error)
    return (
      <Page title={title}>
        <ErrorText error={pipeline.error} />
      </Page>
    );
  if (!pipeline.data || list === null)
    return (
      <Page title={title}>
        <ErrorText error={listError} />
        <Loading what="the evaluations" />
      </Page>
    );
  const canRun = abilities.can(props.pipelineId, READ | EXECUTE);
  const toggleCompared = (id: string) =>
    setCompared((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id].slice(-2)));
  const open = list.find((e) => e.id === selected) ?? null;

  return (
    <Page
      title={title}
      actions={
        <Link to={`/pipelines/${props.pipelineId}`} class="button secondary">
          Pipeline
        </Link>
      }
    >
      <p class="muted">
        Labelled queries searched with each search of an evaluation, scored at k: hit, recall, precision, MRR
        and nDCG, per search and per query. An evaluation runs with this key’s grants and classifications, as
        its searches would.
      </p>
      {canRun ? (
        <NewEvaluation
          pipeline={pipeline.data}
          base={base}
          onStarted={(id) => (setSelected(id), void refresh())}
        />
      ) : (
        <Alert kind="info">Starting an evaluation needs read and execute on the pipeline.</Alert>
      )}
      <Panel title="Evaluations">
        <ErrorText error={listError} />
        {list.length === 0 ? (
          <Empty>No evaluation yet.</Empty>
        ) : (
          <Table
            caption="Evaluations"
            columns={['Name', 'Status', 'Progress', 'Best nDCG', 'Started', 'Compare', 'Actions']}
          >
            {list.map((evaluation) => (
              <tr aria-current={evaluation.id === selected ? 'true' : undefined}>
                <th scope="row">{evaluation.name}</th>
                <td>
                  <Badge
                    tone={
                      evaluation.status === 'failed' ? 'bad' : evaluation.status === 'done' ? 'ok' : 'warn'
                    }
                  >
                    {evaluation.status}
                  </Badge>
                  {evaluation.error && <div class="muted">{evaluation.error}</div>}
                </td>
                <td>
                  <progress
                    max={evaluation.progress.total}
                    value={evaluation.progress.done}
                    aria-label={`Progress of ${evaluation.name}`}
                  />{' '}
                  {evaluation.progress.done}/{evaluation.progress.total} queries
                </td>
                <td>
                  {evaluation.results
                    ? `${formatMetric(best(evaluation.results, 'ndcg_at_k'))} @${evaluation.k}`
                    : '—'}
                </td>
                <td>{formatTime(evaluation.created_at)}</td>
                <td>
                  <Check
                    label={`Compare ${evaluation.name}`}
                    checked={compared.includes(evaluation.id)}
                    onValue={() => toggleCompared(evaluation.id)}
                  />
                </td>
                <td class="actions">
                  <button type="button" class="secondary" onClick={() => setSelected(evaluation.id)}>
                    Results<span class="sr-only"> of {evaluation.name}</span>
                  </button>
                  {canRun && (
                    <ConfirmButton
                      label="Delete"
                      what={`evaluation ${evaluation.name}`}
                      onConfirm={() =>
                        void del(`${base}/${evaluation.id}`).then(() => {
                          if (selected === evaluation.id) setSelected(null);
                          setCompared((ids) => ids.filter((id) => id !== evaluation.id));
                          void refresh();
                        })
                      }
                    />
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Panel>
      {compared.length === 2 && (
        <Comparison evaluations={compared.map((id) => list.find((e) => e.id === id)!).filter(Boolean)} />
      )}
      {open && <Results base={base} summary={open} key={`${open.id}:${open.status}`} />}
    </Page>
  );
}

function NewEvaluation(props: { pipeline: Pipeline; base: string; onStarted: (id: string) => void }) {
  const { pipeline } = props;
  const rerankers = useLoad(() => listAll<Reranker>('/rerankers').catch(() => []), []);
  const usable = useClassifications(pipeline.id);
  const choices = searchChoices(pipeline, rerankers.data ?? []);
  const [name, setName] = useState('');
  const [k, setK] = useState('10');
  const [files, setFiles] = useState<SetFile[]>([]);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [extra, setExtra] = useState('');
  const [classifications, setClassifications] = useState<string[] | null>(null);
  const action = useAction();
  const set = files.length === 0 ? null : readSet(files);
  const picked = chosen ?? choices.slice(0, 3).map((c) => c.key);
  const offered = usable.data?.names ?? null;
  const inClasses = classifications ?? offered ?? [];

  const start = () =>
    action.run(async () => {
      if (!set || 'error' in set) throw new Error('Choose a labelled set first');
      let others: Record<string, unknown>[] = [];
      if (extra.trim()) {
        try {
          others = JSON.parse(extra);
        } catch {
          throw new Error('Other searches: not JSON (an array of search bodies less query)');
        }
        if (!Array.isArray(others)) throw new Error('Other searches: expected a JSON array of search bodies');
      }
      const body: EvaluationCreate = {
        name: name.trim() || `evaluation of ${files.map((f) => f.name).join(', ')}`,
        k: Number(k),
        classifications: inClasses,
        queries: set.queries as EvaluationCreate['queries'],
        searches: [
          ...choices.filter((c) => picked.includes(c.key)).map((c) => c.body),
          ...others,
        ] as EvaluationCreate['searches'],
      };
      const created = await post<EvaluationSummary>(props.base, body);
      props.onStarted(created.id);
    });

  const readFiles = async (list: FileList | null) =>
    setFiles(
      await Promise.all(
        [...(list ?? [])].map(async (file) => ({ name: file.name, text: await file.text() })),
      ),
    );

  return (
    <Panel title="New evaluation">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <div class="field">
          <label for="evaluation-set">Labelled set</label>
          <input
            id="evaluation-set"
            type="file"
            multiple
            accept=".jsonl,.json,.tsv,.txt"
            aria-describedby="evaluation-set-hint"
            onChange={(e) => void readFiles((e.target as HTMLInputElement).files)}
          />
          <small id="evaluation-set-hint" class="hint">
            A JSONL file of {'{"id", "query", "relevant": [{"external_id", "grade"}]}'} lines, or BEIR’s
            queries.jsonl together with its qrels (test.tsv).
          </small>
        </div>
        {set && 'error' in set && <Alert>{set.error}</Alert>}
        {set && 'queries' in set && (
          <p role="status">
            {set.queries.length} labelled quer{set.queries.length === 1 ? 'y' : 'ies'} read from{' '}
            {files.map((f) => f.name).join(', ')}.
          </p>
        )}
        <Field label="Name" value={name} onValue={setName} placeholder="support questions, December" />
        <Field label="k (the cut-off of every metric)" type="number" min={1} value={k} onValue={setK} />
        <fieldset class="checks">
          <legend>Searches to compare</legend>
          {choices.length === 0 && (
            <Empty>This pipeline has no model and no full text: nothing can search it.</Empty>
          )}
          {choices.map((choice) => (
            <Check
              label={choice.label}
              checked={picked.includes(choice.key)}
              onValue={(on) =>
                setChosen(on ? [...picked, choice.key] : picked.filter((key) => key !== choice.key))
              }
            />
          ))}
        </fieldset>
        <TextArea
          label="Other searches (optional)"
          value={extra}
          onValue={setExtra}
          rows={2}
          placeholder='[{"type": "hybrid", "params": {"fusion": "weighted", "alpha": 0.3}, "label": "alpha 0.3"}]'
          hint="A JSON array of search bodies as POST /pipelines/{id}/search takes them, less query."
        />
        {offered && (
          <fieldset class="checks">
            <legend>Classifications searched</legend>
            {usable.data?.limited && <p class="hint">{limitedHint(offered)}</p>}
            {offered.map((name) => (
              <Check
                label={name}
                checked={inClasses.includes(name)}
                onValue={(on) =>
                  setClassifications(on ? [...inClasses, name] : inClasses.filter((c) => c !== name))
                }
              />
            ))}
          </fieldset>
        )}
        <ErrorText error={action.error} />
        <button type="submit" disabled={action.busy || !set || 'error' in set}>
          Start evaluation
        </button>
      </form>
    </Panel>
  );
}
