import { useState } from 'preact/hooks';
import { get, query } from '../api/client';
import type { ListEnvelope, Pipeline } from '../api/types';
import { READ, WRITE } from '../api/types';
import {
  Badge,
  Empty,
  ErrorText,
  Field,
  formatTime,
  Loading,
  Page,
  Pager,
  Select,
  Table,
} from '../components';
import { useAbilities } from '../context';
import { useLoad } from '../hooks';
import { Link } from '../router';

type FullText = 'any' | 'true' | 'false';

export function Pipelines() {
  const abilities = useAbilities();
  const [name, setName] = useState('');
  const [fullText, setFullText] = useState<FullText>('any');
  const [after, setAfter] = useState<string | undefined>(undefined);
  const list = useLoad(
    () =>
      get<ListEnvelope<Pipeline>>(
        `/pipelines${query({
          name$contains: name.trim(),
          full_text_search: fullText === 'any' ? undefined : fullText,
          limit: 50,
          after,
        })}`,
      ),
    [name, fullText, after],
  );

  return (
    <Page
      title="Pipelines"
      actions={
        abilities.admin && (
          <Link to="/pipelines/new" class="button">
            New pipeline
          </Link>
        )
      }
    >
      <form class="filters" role="search" aria-label="Filter pipelines" onSubmit={(e) => e.preventDefault()}>
        <Field
          label="Name contains"
          value={name}
          onValue={(v) => (setName(v), setAfter(undefined))}
          type="search"
        />
        <Select<FullText>
          label="Full-text search"
          value={fullText}
          options={[
            { value: 'any', label: 'Any' },
            { value: 'true', label: 'Enabled' },
            { value: 'false', label: 'Disabled' },
          ]}
          onValue={(v) => (setFullText(v), setAfter(undefined))}
        />
      </form>
      <ErrorText error={list.error} />
      {list.loading && !list.data && <Loading what="pipelines" />}
      {list.data && list.data.data.length === 0 && (
        <Empty>
          {abilities.admin ? 'No pipeline yet: create the first one.' : 'This key reads no pipeline.'}
        </Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <Table
          caption="Pipelines"
          columns={['Name', 'Description', 'Embedding models', 'Full text', 'Created', 'Open']}
        >
          {list.data.data.map((p) => (
            <tr>
              <th scope="row">
                <Link to={`/pipelines/${p.id}`}>{p.name}</Link>
              </th>
              <td>{p.description ?? <span class="muted">—</span>}</td>
              <td>
                {Object.values(p.embedding_models).map((m) => (
                  <Badge>{m.name}</Badge>
                ))}
                {Object.keys(p.embedding_models).length === 0 && <span class="muted">none</span>}
              </td>
              <td>{p.full_text_search ? 'yes' : 'no'}</td>
              <td>{formatTime(p.created_at)}</td>
              <td class="row-actions">
                {(abilities.can(p.id, READ) || abilities.can(p.id, WRITE)) && (
                  <Link to={`/pipelines/${p.id}/documents`}>Documents</Link>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager pageInfo={list.data?.page_info} after={after} onAfter={setAfter} />
    </Page>
  );
}
