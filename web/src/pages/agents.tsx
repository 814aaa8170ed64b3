import { useState } from 'preact/hooks';
import { del, get, listAll, post, put } from '../api/client';
import type { Agent, AgentCreated, AgentList, AgentListItem, AgentWrite, Llm, Pipeline } from '../api/types';
import { READ } from '../api/types';
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
  Table,
  TextArea,
} from '../components';
import { useAbilities } from '../context';
import { useAction, useLoad } from '../hooks';
import { Link, navigate } from '../router';

export function Agents() {
  const abilities = useAbilities();
  const [search, setSearch] = useState('');
  const list = useLoad(
    () =>
      get<AgentList>(
        `/api/v1/agents?limit=200${search.trim() ? `&search=${encodeURIComponent(search.trim())}` : ''}`,
      ),
    [search],
  );
  const action = useAction();
  const remove = async (agent: AgentListItem) => {
    if (await action.run(async () => (await del(`/api/v1/agents/${agent._key}`), true))) list.reload();
  };
  return (
    <Page
      title="Agents"
      actions={
        abilities.hasScope('agent:write') && (
          <Link to="/agents/new" class="button">
            New agent
          </Link>
        )
      }
    >
      <form class="filters" role="search" aria-label="Filter agents" onSubmit={(e) => e.preventDefault()}>
        <Field label="Name contains" type="search" value={search} onValue={setSearch} />
      </form>
      <ErrorText error={list.error ?? action.error} />
      {list.loading && !list.data && <Loading what="agents" />}
      {list.data && list.data.agents.length === 0 && <Empty>No agent this key can see.</Empty>}
      {list.data && list.data.agents.length > 0 && (
        <Table caption="Agents" columns={['Name', 'Description', 'Knowledge', 'Actions']}>
          {list.data.agents.map((agent) => (
            <tr>
              <th scope="row">
                <Link to={`/agents/${agent._key}`}>{agent.name}</Link>
              </th>
              <td>{agent.description || <span class="muted">—</span>}</td>
              <td>
                {agent.knowledge.map((k) => (
                  <Badge>{k.displayName}</Badge>
                ))}
              </td>
              <td class="row-actions">
                <Link to={`/agents/${agent._key}`}>
                  Chat<span class="sr-only"> with {agent.name}</span>
                </Link>
                {agent.can_edit && abilities.hasScope('agent:write') && (
                  <Link to={`/agents/${agent._key}/edit`}>
                    Edit<span class="sr-only"> {agent.name}</span>
                  </Link>
                )}
                {agent.can_delete && abilities.hasScope('agent:write') && (
                  <ConfirmButton label="Delete" what={agent.name} onConfirm={() => remove(agent)} />
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Page>
  );
}

/** Creates an agent, or edits one (`agentKey`). */
export function AgentForm(props: { agentKey?: string }) {
  const abilities = useAbilities();
  const pipelines = useLoad(
    () => listAll<Pipeline>('/pipelines').then((all) => all.filter((p) => abilities.can(p.id, READ))),
    [],
  );
  const llms = useLoad(() => listAll<Llm>('/llms'), []);
  const existing = useLoad(
    () =>
      props.agentKey
        ? get<{ agent: Agent }>(`/api/v1/agents/${props.agentKey}`).then((r) => r.agent)
        : Promise.resolve(null),
    [props.agentKey],
  );
  const action = useAction();
  if (!abilities.hasScope('agent:write'))
    return (
      <Page title="Agent">
        <Alert kind="info">This key lacks the agent:write scope: it cannot create or change agents.</Alert>
      </Page>
    );
  if (existing.error || pipelines.error || llms.error)
    return (
      <Page title="Agent">
        <ErrorText error={existing.error ?? pipelines.error ?? llms.error} />
      </Page>
    );
  if (existing.loading || !pipelines.data || !llms.data)
    return (
      <Page title="Agent">
        <Loading />
      </Page>
    );
  return (
    <AgentEditor
      agent={existing.data ?? null}
      pipelines={pipelines.data}
      llms={llms.data}
      busy={action.busy}
      error={action.error}
      onSave={async (body) => {
        const key = await action.run(async () =>
          props.agentKey
            ? (await put(`/api/v1/agents/${props.agentKey}`, body), props.agentKey)
            : (await post<AgentCreated>('/api/v1/agents/create', body)).agent._key,
        );
        if (key) navigate(`/agents/${key}`);
      }}
    />
  );
}

function AgentEditor(props: {
  agent: Agent | null;
  pipelines: Pipeline[];
  llms: Llm[];
  busy: boolean;
  error: string | null;
  onSave: (body: AgentWrite) => void;
}) {
  const a = props.agent;
  const [name, setName] = useState(a?.name ?? '');
  const [description, setDescription] = useState(a?.description ?? '');
  const [systemPrompt, setSystemPrompt] = useState(a?.systemPrompt ?? '');
  const [instructions, setInstructions] = useState(a?.instructions ?? '');
  const [startMessage, setStartMessage] = useState(a?.startMessage ?? '');
  const [share, setShare] = useState(a?.shareWithOrg ?? false);
  const [knowledge, setKnowledge] = useState<string[]>(a?.knowledge.map((k) => k.connectorId) ?? []);
  /** The LLM that answers: an id, or '' for the default LLM of the moment (no models of its own). */
  const [llm, setLlm] = useState(
    a?.models.find((m) => m.isReasoning)?.modelKey ?? a?.models[0]?.modelKey ?? '',
  );
  const defaultLlm = props.llms.find((l) => l.is_default);
  const submit = (event: Event) => {
    event.preventDefault();
    props.onSave({
      name: name.trim(),
      description,
      systemPrompt,
      instructions,
      startMessage,
      shareWithOrg: share,
      knowledge: knowledge.map((connectorId) => ({ connectorId })),
      // The published rule: a list of models needs one entry that reasons; none means the default.
      models: llm ? [{ modelKey: llm, isReasoning: true }] : [],
    });
  };
  return (
    <Page title={a ? `Edit agent ${a.name}` : 'New agent'}>
      <form onSubmit={submit} class="stack">
        <Panel title="Agent">
          <Field label="Name" value={name} onValue={setName} required maxLength={200} />
          <TextArea label="Description" value={description} onValue={setDescription} rows={2} />
          <TextArea label="System prompt" value={systemPrompt} onValue={setSystemPrompt} rows={3} />
          <TextArea label="Instructions" value={instructions} onValue={setInstructions} rows={3} />
          <Field label="Start message" value={startMessage} onValue={setStartMessage} />
          <Select
            label="LLM"
            value={llm}
            options={[
              {
                value: '',
                label: defaultLlm ? `The default LLM (now ${defaultLlm.name})` : 'The default LLM',
              },
              ...props.llms.map((l) => ({
                value: l.id,
                label: `${l.name} — ${l.provider}${l.model ? `, ${l.model}` : ''}`,
              })),
            ]}
            onValue={setLlm}
            hint="The registered LLM that answers (GET /llms); the default follows whichever LLM is the default."
          />
          <Check
            label="Share with the organisation (every key may see it)"
            checked={share}
            onValue={setShare}
          />
        </Panel>
        <Panel title="Knowledge">
          <fieldset class="checks">
            <legend>Pipelines the agent answers from</legend>
            {props.pipelines.map((p) => (
              <Check
                label={p.name}
                checked={knowledge.includes(p.id)}
                onValue={(on) =>
                  setKnowledge(on ? [...knowledge, p.id] : knowledge.filter((id) => id !== p.id))
                }
              />
            ))}
            {props.pipelines.length === 0 && <p class="muted">This key reads no pipeline.</p>}
          </fieldset>
        </Panel>
        <ErrorText error={props.error} />
        <div class="actions">
          <button type="submit" disabled={props.busy}>
            {a ? 'Save agent' : 'Create agent'}
          </button>
        </div>
      </form>
    </Page>
  );
}
