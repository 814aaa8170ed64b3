import { useState } from 'preact/hooks';
import { listAll, post } from '../api/client';
import type {
  Classifications,
  EmbeddingModel,
  Pipeline,
  PipelineCreate as Body,
  TextSplitter,
} from '../api/types';
import { Alert, Check, ErrorText, Field, Loading, Page, Panel, Select, TextArea } from '../components';
import { useAbilities } from '../context';
import { useAction, useLoad } from '../hooks';
import { navigate } from '../router';
import { HierarchyEditor } from './hierarchy';

export const splitterLabel = (s: TextSplitter) =>
  `${s.provider} (chunk ${s.parameters.chunk_size ?? '?'}, overlap ${s.parameters.chunk_overlap ?? '?'})${
    s.description ? ` — ${s.description}` : ''
  }`;

/**
 * The embedding models of a pipeline, chosen among the registered ones: the order of
 * choice is kept (the first is the default), a model unticked leaves it.
 */
export function ModelChoice(props: {
  models: EmbeddingModel[];
  chosen: string[];
  onChosen: (ids: string[]) => void;
}) {
  const toggle = (id: string, on: boolean) =>
    props.onChosen(on ? [...props.chosen, id] : props.chosen.filter((m) => m !== id));
  return (
    <fieldset>
      <legend>
        Embedding models (the first chosen is the default; none makes a full-text-only pipeline)
      </legend>
      {props.models.map((m) => (
        <Check
          label={`${m.name} — ${m.provider}, ${m.size} dimensions`}
          checked={props.chosen.includes(m.id)}
          onValue={(on) => toggle(m.id, on)}
        />
      ))}
    </fieldset>
  );
}

export function PipelineCreate() {
  const abilities = useAbilities();
  const catalogue = useLoad(
    async () => ({
      models: await listAll<EmbeddingModel>('/embedding_models'),
      splitters: await listAll<TextSplitter>('/text_splitters'),
    }),
    [],
  );
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [models, setModels] = useState<string[] | null>(null);
  const [splitter, setSplitter] = useState('');
  const [fullText, setFullText] = useState(true);
  const [classes, setClasses] = useState<Classifications>({ classifications: [], hierarchy: [] });
  const action = useAction();

  if (!abilities.admin)
    return (
      <Page title="New pipeline">
        <Alert kind="info">Only admin keys create pipelines.</Alert>
      </Page>
    );
  if (!catalogue.data)
    return (
      <Page title="New pipeline">
        {catalogue.error ? <ErrorText error={catalogue.error} /> : <Loading />}
      </Page>
    );
  const chosen = models ?? catalogue.data.models.slice(0, 1).map((m) => m.id);

  const submit = async (event: Event) => {
    event.preventDefault();
    const body: Body = {
      name: name.trim(),
      description: description.trim() || null,
      embedding_model_ids: chosen,
      full_text_search: fullText,
      // None named: the API's default classification.
      ...(classes.classifications.length
        ? { classifications: classes.classifications, hierarchy: classes.hierarchy }
        : {}),
      ...(splitter ? { text_splitter_id: splitter } : {}),
    };
    const created = await action.run(() => post<Pipeline>('/pipelines', body));
    if (created) navigate(`/pipelines/${created.id}`);
  };

  return (
    <Page title="New pipeline">
      <form onSubmit={submit} class="stack">
        <Panel title="Pipeline">
          <div class="grid-2">
            <Field label="Name" value={name} onValue={setName} required maxLength={200} />
            <Select
              label="Text splitter"
              value={splitter}
              options={[
                { value: '', label: 'Default splitter' },
                ...catalogue.data.splitters.map((s) => ({ value: s.id, label: splitterLabel(s) })),
              ]}
              onValue={setSplitter}
            />
          </div>
          <TextArea label="Description" value={description} onValue={setDescription} rows={2} />
          <ModelChoice models={catalogue.data.models} chosen={chosen} onChosen={setModels} />
          <Check label="Full-text search" checked={fullText} onValue={setFullText} />
        </Panel>
        <Panel title="Classifications">
          <HierarchyEditor value={classes} onChange={setClasses} />
        </Panel>
        <ErrorText error={action.error} />
        <div class="actions">
          <button type="submit" disabled={action.busy}>
            {action.busy ? 'Creating…' : 'Create pipeline'}
          </button>
        </div>
      </form>
    </Page>
  );
}
