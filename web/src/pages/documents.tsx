/**
 * A pipeline's documents: the list (current versions, expiry), adding by pasted text
 * or dropped files (one upload per file, so each has its own progress and error), and
 * a document's fragments, of the current or an older version.
 */
import { useState } from 'preact/hooks';
import { del, get, listAll, post, query, upload } from '../api/client';
import type {
  DocumentVersion,
  Fragment,
  ListEnvelope,
  Pipeline,
  TroveDocument,
  UploadedFile,
} from '../api/types';
import { READ, WRITE } from '../api/types';
import {
  Alert,
  Badge,
  ConfirmButton,
  countOf,
  Empty,
  ErrorText,
  Field,
  formatTime,
  formatVersion,
  Loading,
  MetadataList,
  Page,
  Pager,
  Panel,
  Select,
  Table,
  TextArea,
} from '../components';
import { limitedHint, useClassifications } from '../classifications';
import { useAbilities } from '../context';
import { useAction, useLoad } from '../hooks';
import { Link } from '../router';

/** Metadata typed as JSON: an object, or an error message. */
function parseMetadata(text: string): Record<string, unknown> | string {
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : 'Metadata must be a JSON object';
  } catch (e) {
    return `Metadata is not valid JSON: ${(e as Error).message}`;
  }
}

export function Documents(props: { pipelineId: string }) {
  const abilities = useAbilities();
  const pipeline = useLoad(
    () => get<Pipeline>(`/pipelines/${props.pipelineId}`).catch(() => null),
    [props.pipelineId],
  );
  const classes = useClassifications(props.pipelineId);
  const names = classes.data?.names ?? [];
  const [refresh, setRefresh] = useState(0);
  const [selected, setSelected] = useState<TroveDocument | null>(null);
  const readable = abilities.can(props.pipelineId, READ);
  const writable = abilities.can(props.pipelineId, WRITE);
  const name = pipeline.data?.name ?? 'pipeline';
  return (
    <Page
      title={`Documents of ${name}`}
      actions={
        <Link to={`/pipelines/${props.pipelineId}`} class="button secondary">
          Pipeline
        </Link>
      }
    >
      {writable && (
        <AddDocuments
          pipelineId={props.pipelineId}
          classifications={names}
          limited={classes.data?.limited ?? false}
          onAdded={() => setRefresh((n) => n + 1)}
        />
      )}
      {readable ? (
        <DocumentList
          pipelineId={props.pipelineId}
          refresh={refresh}
          writable={writable}
          classifications={names}
          onSelect={setSelected}
        />
      ) : (
        <Alert kind="info">This key may add documents to this pipeline but not read them.</Alert>
      )}
      {selected && readable && (
        // Keyed on the version too: a document written again is a new one to view, from its current version.
        <FragmentViewer
          key={`${selected.id}:${selected.version}`}
          pipelineId={props.pipelineId}
          document={selected}
          onClose={() => setSelected(null)}
        />
      )}
    </Page>
  );
}

function ClassificationInput(props: {
  classifications: string[];
  limited: boolean;
  value: string;
  onValue: (v: string) => void;
}) {
  const hint = props.limited ? limitedHint(props.classifications) : undefined;
  if (props.classifications.length === 0)
    return <Field label="Classification" value={props.value} onValue={props.onValue} required hint={hint} />;
  return (
    <Select
      label="Classification"
      value={props.value || props.classifications[0]}
      options={props.classifications}
      onValue={props.onValue}
      hint={hint}
    />
  );
}

interface FileRow {
  file: File;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  message: string;
}

function AddDocuments(props: {
  pipelineId: string;
  classifications: string[];
  limited: boolean;
  onAdded: () => void;
}) {
  const [mode, setMode] = useState<'text' | 'files'>('text');
  const [classification, setClassification] = useState('');
  const [metadata, setMetadata] = useState('');
  const [content, setContent] = useState('');
  const [externalId, setExternalId] = useState('');
  const [rows, setRows] = useState<FileRow[]>([]);
  const [dragging, setDragging] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const action = useAction();
  const chosenClass = classification || props.classifications[0] || '';

  const addText = async (event: Event) => {
    event.preventDefault();
    const meta = parseMetadata(metadata);
    if (typeof meta === 'string') return action.setError(meta);
    setAdded(null);
    const doc = await action.run(() =>
      post<TroveDocument>(`/pipelines/${props.pipelineId}/documents`, {
        content,
        classification: chosenClass,
        metadata: meta,
        ...(externalId.trim() ? { external_id: externalId.trim() } : {}),
      }),
    );
    if (doc) {
      setAdded(`Added: ${doc.fragment_count} fragment${doc.fragment_count === 1 ? '' : 's'}.`);
      setContent('');
      setExternalId('');
      props.onAdded();
    }
  };

  const uploadFiles = async (files: File[]) => {
    const meta = parseMetadata(metadata);
    if (typeof meta === 'string') return action.setError(meta);
    action.setError(null);
    const start = rows.length;
    const fresh: FileRow[] = files.map((file) => ({ file, progress: 0, state: 'waiting', message: '' }));
    let current = [...rows, ...fresh];
    setRows(current);
    const update = (index: number, change: Partial<FileRow>) => {
      current = current.map((row, i) => (i === index ? { ...row, ...change } : row));
      setRows(current);
    };
    for (let i = 0; i < files.length; i++) {
      const index = start + i;
      update(index, { state: 'uploading' });
      try {
        const [result] = await upload<UploadedFile[]>(
          `/pipelines/${props.pipelineId}/files`,
          { classification: chosenClass, metadata: JSON.stringify(meta) },
          [files[i]],
          (progress) => update(index, { progress }),
        );
        update(index, {
          state: 'done',
          progress: 1,
          message: `${result.status}: ${result.fragment_count ?? 0} fragments (${result.type})`,
        });
      } catch (e) {
        update(index, { state: 'failed', message: (e as Error).message });
      }
    }
    props.onAdded();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length) void uploadFiles(files);
  };

  return (
    <Panel title="Add documents">
      <div class="tabs" role="group" aria-label="How to add">
        <button
          type="button"
          class={mode === 'text' ? '' : 'secondary'}
          aria-pressed={mode === 'text'}
          onClick={() => setMode('text')}
        >
          Paste text
        </button>
        <button
          type="button"
          class={mode === 'files' ? '' : 'secondary'}
          aria-pressed={mode === 'files'}
          onClick={() => setMode('files')}
        >
          Upload files
        </button>
      </div>
      <div class="grid-2">
        <ClassificationInput
          classifications={props.classifications}
          limited={props.limited}
          value={chosenClass}
          onValue={setClassification}
        />
        <Field
          label="Metadata (JSON object)"
          value={metadata}
          onValue={setMetadata}
          placeholder='{"team": "support"}'
          spellcheck={false}
        />
      </div>
      {mode === 'text' ? (
        <form onSubmit={addText} class="stack">
          <Field
            label="External id (optional: a new version replaces the document with this id)"
            value={externalId}
            onValue={setExternalId}
          />
          <TextArea label="Text" value={content} onValue={setContent} rows={6} required />
          <ErrorText error={action.error} />
          {added && <Alert kind="ok">{added}</Alert>}
          <div class="actions">
            <button type="submit" disabled={action.busy || !content.trim()}>
              Add document
            </button>
          </div>
        </form>
      ) : (
        <div class="stack">
          <label
            class={dragging ? 'dropzone dragging' : 'dropzone'}
            onDragOver={(e) => (e.preventDefault(), setDragging(true))}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <span>
              Drop files here, or choose them (PDF, DOCX, XLSX, CSV, TSV, HTML, Markdown, JSON, text)
            </span>
            <input
              type="file"
              multiple
              onChange={(e) => {
                const input = e.target as HTMLInputElement;
                const files = [...(input.files ?? [])];
                input.value = '';
                if (files.length) void uploadFiles(files);
              }}
            />
          </label>
          <ErrorText error={action.error} />
          {rows.length > 0 && (
            <ul class="uploads" aria-live="polite">
              {rows.map((row) => (
                <li class={`upload upload-${row.state}`}>
                  <span class="upload-name">{row.file.name}</span>
                  {/* A failed upload has no progress to show, however many bytes it sent. */}
                  {row.state !== 'failed' && (
                    <progress max={1} value={row.progress} aria-label={`Upload of ${row.file.name}`} />
                  )}
                  <span class="upload-state">
                    {row.state === 'failed'
                      ? 'Failed'
                      : row.state === 'done'
                        ? 'Done'
                        : row.state === 'uploading'
                          ? 'Uploading…'
                          : 'Waiting'}
                  </span>
                  {row.message && (
                    <span class={row.state === 'failed' ? 'upload-error' : 'muted'}>{row.message}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Panel>
  );
}

type Expired = 'any' | 'false' | 'true';

function DocumentList(props: {
  pipelineId: string;
  refresh: number;
  writable: boolean;
  classifications: string[];
  onSelect: (doc: TroveDocument) => void;
}) {
  const [externalId, setExternalId] = useState('');
  const [classification, setClassification] = useState('');
  const [expired, setExpired] = useState<Expired>('any');
  const [after, setAfter] = useState<string | undefined>();
  const action = useAction();
  const list = useLoad(
    () =>
      get<ListEnvelope<TroveDocument>>(
        `/pipelines/${props.pipelineId}/documents${query({
          external_id$contains: externalId.trim(),
          classification,
          expired: expired === 'any' ? undefined : expired,
          order: 'desc',
          total: 'true',
          limit: 50,
          after,
        })}`,
      ),
    [props.pipelineId, props.refresh, externalId, classification, expired, after],
  );
  const expire = async (doc: TroveDocument) => {
    if (await action.run(() => del<TroveDocument>(`/pipelines/${props.pipelineId}/documents/${doc.id}`)))
      list.reload();
  };
  return (
    <Panel title="Documents">
      <form class="filters" role="search" aria-label="Filter documents" onSubmit={(e) => e.preventDefault()}>
        <Field
          label="External id contains"
          type="search"
          value={externalId}
          onValue={(v) => (setExternalId(v), setAfter(undefined))}
        />
        <Select
          label="Classification"
          value={classification}
          options={[
            { value: '', label: 'Any' },
            ...props.classifications.map((c) => ({ value: c, label: c })),
          ]}
          onValue={(v) => (setClassification(v), setAfter(undefined))}
        />
        <Select<Expired>
          label="Expired"
          value={expired}
          options={[
            { value: 'any', label: 'Any' },
            { value: 'false', label: 'Live only' },
            { value: 'true', label: 'Expired only' },
          ]}
          onValue={(v) => (setExpired(v), setAfter(undefined))}
        />
      </form>
      <ErrorText error={list.error ?? action.error} />
      {list.loading && !list.data && <Loading what="documents" />}
      {list.data?.page_info.total !== undefined && (
        <p class="muted" role="status">
          {countOf(list.data.page_info.total, 'document')}
          {externalId.trim() || classification || expired !== 'any' ? ' match the filters' : ''}
          {list.data.page_info.total > 0 ? ', newest first' : ''}.
        </p>
      )}
      {list.data && list.data.data.length === 0 && <Empty>No document matches.</Empty>}
      {list.data && list.data.data.length > 0 && (
        <Table
          caption="Documents"
          columns={[
            'Document',
            'Classification',
            'Current version',
            'Fragments',
            'First added',
            'Expiry',
            'Actions',
          ]}
        >
          {list.data.data.map((doc) => (
            <tr>
              <th scope="row">
                {doc.external_id ?? <code>{doc.id.slice(0, 8)}…</code>}
                {typeof doc.metadata.filename === 'string' && doc.metadata.filename !== doc.external_id && (
                  <div class="muted">{doc.metadata.filename}</div>
                )}
              </th>
              <td>
                <Badge>{doc.classification}</Badge>
              </td>
              <td title={String(doc.version)}>{formatVersion(doc.version)}</td>
              <td>{doc.fragment_count}</td>
              <td>{formatTime(doc.created_at)}</td>
              <td>
                {doc.expired_at ? (
                  <Badge tone="warn">expired {formatTime(doc.expired_at)}</Badge>
                ) : (
                  <Badge tone="ok">live</Badge>
                )}
              </td>
              <td class="row-actions">
                <button type="button" class="secondary" onClick={() => props.onSelect(doc)}>
                  Fragments<span class="sr-only"> of {doc.external_id ?? doc.id}</span>
                </button>
                {props.writable && !doc.expired_at && (
                  <ConfirmButton
                    label="Expire"
                    what={doc.external_id ?? doc.id}
                    onConfirm={() => expire(doc)}
                  />
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager pageInfo={list.data?.page_info} after={after} onAfter={setAfter} />
    </Panel>
  );
}

/**
 * A document's versions (those the key may read) and one version's fragments: the
 * current one at first, an older one when its row is chosen.
 */
function FragmentViewer(props: { pipelineId: string; document: TroveDocument; onClose: () => void }) {
  const [version, setVersion] = useState(props.document.version);
  const path = `/pipelines/${props.pipelineId}/documents/${props.document.id}`;
  const versions = useLoad(() => listAll<DocumentVersion>(`${path}/versions`), [props.document.id]);
  const fragments = useLoad(
    () => listAll<Fragment>(`${path}/fragments${query({ version })}`, 1),
    [props.document.id, version],
  );
  const label = props.document.external_id ?? props.document.id;
  const current = version === props.document.version;
  return (
    <Panel
      title={`Fragments of ${label}`}
      actions={
        <button type="button" class="secondary" onClick={props.onClose}>
          Close fragments
        </button>
      }
    >
      <ErrorText error={versions.error} />
      {versions.loading && !versions.data && <Loading what="versions" />}
      {versions.data && versions.data.length > 0 && (
        <Table
          caption={`Versions of ${label}`}
          columns={['Version', 'Classification', 'Stored', 'Ended', 'Fragments', 'Actions']}
        >
          {versions.data.map((v) => (
            <tr aria-current={v.version === version ? 'true' : undefined}>
              <th scope="row" title={String(v.version)}>
                {formatVersion(v.version)}
                {v.version === props.document.version && <div class="muted">current</div>}
              </th>
              <td>
                <Badge>{v.classification}</Badge>
              </td>
              <td>{formatTime(v.created_at)}</td>
              <td>{v.expired_at ? formatTime(v.expired_at) : <Badge tone="ok">live</Badge>}</td>
              <td>{v.fragment_count}</td>
              <td class="row-actions">
                <button
                  type="button"
                  class="secondary"
                  disabled={v.version === version}
                  onClick={() => setVersion(v.version)}
                >
                  Show fragments<span class="sr-only"> of version {v.version}</span>
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <h3>
        {current ? 'Current version' : 'Older version'}{' '}
        <span title={String(version)}>{formatVersion(version)}</span>
      </h3>
      <ErrorText error={fragments.error} />
      {fragments.loading && !fragments.data && <Loading what="fragments" />}
      {fragments.data && fragments.data.length === 0 && <Empty>No fragment in this version.</Empty>}
      <ol class="fragments" aria-label={`Fragments of version ${version}`}>
        {fragments.data?.map((f) => (
          <li>
            <div class="fragment-head">
              <span>#{f.order_id}</span> <Badge>{f.classification}</Badge>
              {f.expired_at && <Badge tone="warn">expired {formatTime(f.expired_at)}</Badge>}
            </div>
            <p class="fragment-text">{f.page_content ?? ''}</p>
            <MetadataList metadata={f.metadata} />
          </li>
        ))}
      </ol>
    </Panel>
  );
}
