import { useState } from 'preact/hooks';
import { del, listAll, patch, post } from '../api/client';
import type { ApiKey, ApiKeyWithSecret, Grant, Pipeline, Scope } from '../api/types';
import { EXECUTE, READ, SCOPES, WRITE } from '../api/types';
import {
  Alert,
  Badge,
  Check,
  ConfirmButton,
  ConfirmDialog,
  CopyButton,
  Empty,
  ErrorText,
  Field,
  formatTime,
  Loading,
  Page,
  Panel,
  Select,
  Table,
} from '../components';
import { useAbilities } from '../context';
import { useAction, useLoad } from '../hooks';

const BITS = [
  { bit: READ, label: 'read' },
  { bit: WRITE, label: 'write' },
  { bit: EXECUTE, label: 'execute' },
];

const describeBits = (bits: number) =>
  BITS.filter((b) => (bits & b.bit) === b.bit)
    .map((b) => b.label)
    .join(', ') || 'none';

interface GrantRow {
  pipeline: string;
  bits: number;
  classifications: string;
}

function toGrant(row: GrantRow): Grant {
  const names = row.classifications
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return {
    pipeline_id: row.pipeline,
    permissions: row.bits,
    classifications: row.classifications.trim() === '*' || names.length === 0 ? '*' : names,
  };
}

/** The secret, shown once after creation or rotation, with a copy button. */
function SecretOnce(props: { created: ApiKeyWithSecret; rotated: boolean; onDone: () => void }) {
  return (
    <Panel title={`Secret of ${props.created.name}`}>
      {props.rotated && (
        <Alert kind="ok">
          Secret rotated: the old secret of {props.created.name} no longer works. Every client using it is
          refused until it is given this one.
        </Alert>
      )}
      <Alert kind="info">Copy the secret now: Trove stores only its hash and will never show it again.</Alert>
      <dl class="facts">
        <div>
          <dt>Key id</dt>
          <dd>
            <code>{props.created.id}</code> <CopyButton text={props.created.id} label="Copy key id" />
          </dd>
        </div>
        <div>
          <dt>Secret</dt>
          <dd>
            <code class="secret">{props.created.secret}</code>{' '}
            <CopyButton text={props.created.secret} label="Copy secret" />
          </dd>
        </div>
      </dl>
      <button type="button" class="secondary" onClick={props.onDone}>
        I have copied it
      </button>
    </Panel>
  );
}

function CreateKey(props: { pipelines: Pipeline[]; onCreated: (key: ApiKeyWithSecret) => void }) {
  const [name, setName] = useState('');
  const [admin, setAdmin] = useState(false);
  const [scopes, setScopes] = useState<Scope[]>(['agent:read']);
  const [grants, setGrants] = useState<GrantRow[]>([
    { pipeline: '*', bits: READ | EXECUTE, classifications: '*' },
  ]);
  const action = useAction();
  const setGrant = (i: number, change: Partial<GrantRow>) =>
    setGrants(grants.map((g, j) => (j === i ? { ...g, ...change } : g)));
  const submit = async (event: Event) => {
    event.preventDefault();
    const created = await action.run(() =>
      post<ApiKeyWithSecret>('/api_keys', {
        name: name.trim(),
        admin,
        scopes,
        grants: admin ? [] : grants.map(toGrant),
      }),
    );
    // The page gives the next key a fresh form (a new `key`).
    if (created) props.onCreated(created);
  };
  const pipelineOptions = [
    { value: '*', label: 'Every pipeline (*)' },
    ...props.pipelines.map((p) => ({ value: p.id, label: p.name })),
  ];
  return (
    <Panel title="New key">
      <form onSubmit={submit} class="stack">
        <Field label="Name" value={name} onValue={setName} required maxLength={200} />
        <Check
          label="Admin (manages keys, models and pipelines; reads everything)"
          checked={admin}
          onValue={setAdmin}
        />
        <fieldset class="checks">
          <legend>Agent scopes</legend>
          {SCOPES.map((scope) => (
            <Check
              label={scope}
              checked={admin || scopes.includes(scope)}
              onValue={(on) => setScopes(on ? [...scopes, scope] : scopes.filter((s) => s !== scope))}
            />
          ))}
        </fieldset>
        {!admin && (
          <fieldset>
            <legend>Grants</legend>
            {grants.map((g, i) => (
              <div class="grant-row">
                <Select
                  label={`Pipeline of grant ${i + 1}`}
                  value={g.pipeline}
                  options={pipelineOptions}
                  onValue={(v) => setGrant(i, { pipeline: v })}
                />
                <fieldset class="checks inline-checks">
                  <legend>Permissions of grant {i + 1}</legend>
                  {BITS.map((b) => (
                    <Check
                      label={b.label}
                      checked={(g.bits & b.bit) === b.bit}
                      onValue={(on) => setGrant(i, { bits: on ? g.bits | b.bit : g.bits & ~b.bit })}
                    />
                  ))}
                </fieldset>
                <Field
                  label={`Classifications of grant ${i + 1}`}
                  value={g.classifications}
                  onValue={(v) => setGrant(i, { classifications: v })}
                  hint="* for all, or names separated by commas"
                />
                <button
                  type="button"
                  class="link"
                  onClick={() => setGrants(grants.filter((_, j) => j !== i))}
                >
                  Remove<span class="sr-only"> grant {i + 1}</span>
                </button>
              </div>
            ))}
            <button
              type="button"
              class="secondary"
              onClick={() => setGrants([...grants, { pipeline: '*', bits: READ, classifications: '*' }])}
            >
              Add grant
            </button>
          </fieldset>
        )}
        <ErrorText error={action.error} />
        <div class="actions">
          <button type="submit" disabled={action.busy}>
            Create key
          </button>
        </div>
      </form>
    </Panel>
  );
}

export function Keys() {
  const abilities = useAbilities();
  const keys = useLoad(() => listAll<ApiKey>('/api_keys'), []);
  const pipelines = useLoad(() => listAll<Pipeline>('/pipelines'), []);
  const [secret, setSecret] = useState<{ key: ApiKeyWithSecret; rotated: boolean } | null>(null);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  /** Counts the keys created here: a new count gives the next key a fresh form. */
  const [created, setCreated] = useState(0);
  const action = useAction();
  if (!abilities.admin)
    return (
      <Page title="Keys">
        <Alert kind="info">Only admin keys manage keys.</Alert>
      </Page>
    );
  const names = new Map((pipelines.data ?? []).map((p) => [p.id, p.name]));
  const act = async (work: () => Promise<unknown>) => {
    if (await action.run(async () => (await work(), true))) keys.reload();
  };
  return (
    <Page title="Keys">
      {secret && <SecretOnce created={secret.key} rotated={secret.rotated} onDone={() => setSecret(null)} />}
      {rotating && (
        <ConfirmDialog
          title={`Rotate the secret of ${rotating.name}?`}
          confirm="Rotate secret"
          onClose={(confirmed) => {
            const key = rotating;
            setRotating(null);
            if (confirmed)
              void act(async () =>
                setSecret({ key: await post<ApiKeyWithSecret>(`/api_keys/${key.id}/rotate`), rotated: true }),
              );
          }}
        >
          <p>
            The current secret stops working at once: every client using it (scripts, assistants, consoles
            signed in with it) is refused until it is given the new secret, which is shown once.
          </p>
        </ConfirmDialog>
      )}
      <CreateKey
        key={created}
        pipelines={pipelines.data ?? []}
        onCreated={(k) => (setSecret({ key: k, rotated: false }), setCreated((n) => n + 1), keys.reload())}
      />
      <Panel title="Keys">
        <ErrorText error={keys.error ?? action.error} />
        {keys.loading && !keys.data && <Loading what="keys" />}
        {keys.data?.length === 0 && <Empty>No key.</Empty>}
        {keys.data && keys.data.length > 0 && (
          <Table caption="API keys" columns={['Name', 'Access', 'Scopes', 'State', 'Created', 'Actions']}>
            {keys.data.map((k) => (
              <tr>
                <th scope="row">
                  {k.name}
                  <div class="muted">
                    <code>{k.id}</code>
                  </div>
                </th>
                <td>
                  {k.admin ? (
                    <Badge tone="warn">admin</Badge>
                  ) : k.grants.length === 0 ? (
                    <span class="muted">no grant</span>
                  ) : (
                    <ul class="plain">
                      {k.grants.map((g) => (
                        <li>
                          {g.pipeline_id === '*'
                            ? 'every pipeline'
                            : (names.get(g.pipeline_id) ?? g.pipeline_id)}
                          : {describeBits(g.permissions)}
                          {g.classifications !== '*' && ` (${g.classifications.join(', ')})`}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>{k.admin ? 'all' : k.scopes.join(', ')}</td>
                <td>{k.disabled ? <Badge tone="bad">disabled</Badge> : <Badge tone="ok">active</Badge>}</td>
                <td>{formatTime(k.created_at)}</td>
                <td class="row-actions">
                  {k.id !== abilities.key.id && (
                    <>
                      <button
                        type="button"
                        class="secondary"
                        onClick={() => act(() => patch(`/api_keys/${k.id}`, { disabled: !k.disabled }))}
                      >
                        {k.disabled ? 'Enable' : 'Disable'}
                        <span class="sr-only"> {k.name}</span>
                      </button>
                      <button type="button" class="secondary" onClick={() => setRotating(k)}>
                        Rotate secret<span class="sr-only"> of {k.name}</span>
                      </button>
                      <ConfirmButton
                        label="Delete"
                        what={k.name}
                        onConfirm={() => act(() => del(`/api_keys/${k.id}`))}
                      />
                    </>
                  )}
                  {k.id === abilities.key.id && <span class="muted">this key</span>}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Panel>
    </Page>
  );
}
