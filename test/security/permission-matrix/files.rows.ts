/** The matrix rows of the files routes: uploads, pending files, processing, deleting. */
import { UploadFile } from '../../support/http';
import {
  FixturePendingFile,
  HIDDEN,
  MatrixFixture,
  readsVersion,
  unique,
} from '../permission-matrix.fixture';
import {
  readersOfA,
  readersOfHidden,
  writersOfA,
  onlyB,
  fail,
  listsExactly,
  versionsIfTouchable,
  namesOnlyReadable,
  asForAMissingFile,
  onlyTheseFieldsWithoutRead,
  get,
  filesOf,
  pendingPath,
  MISSING_FILE,
  MatrixRequest,
  RestRow,
} from './rows';

export const FILE_READ_ROWS: RestRow[] = [
  {
    route: 'GET /pipelines/:id/files',
    request: get((fx) => `${filesOf(fx)}?limit=1000`),
    expect: readersOfA(200),
    check: listsExactly('pending files', (fx, kind) => fx.pendingInA(kind)),
  },
  {
    route: 'GET /pipelines/:id/files',
    case: `classification$in, filename$in and sha256$in naming the ${HIDDEN} and the public file`,
    request: get((fx) => {
      const files = [fx.pending[HIDDEN], fx.pending['public']];
      const names = files.map((f) => f.filename).join(',');
      const hashes = files.map((f) => f.sha256).join(',');
      return `${filesOf(fx)}?classification$in=${HIDDEN},public&filename$in=${names}&sha256$in=${hashes}`;
    }),
    expect: readersOfA(200),
    check: listsExactly('pending files', (fx, kind) =>
      (['public', HIDDEN] as const).filter((c) => readsVersion(kind, 'A', c)).map((c) => fx.pending[c].id),
    ),
  },
  {
    route: 'GET /pipelines/:id/files',
    case: 'B',
    request: get((fx) => filesOf(fx, 'B')),
    expect: onlyB(200, 404),
  },
  {
    route: 'GET /pipelines/:id/files/:fileId',
    case: 'public',
    request: get((fx) => pendingPath(fx, fx.pending['public'])),
    expect: readersOfA(200),
    check: (body, fx) => {
      if (body.sha256 !== fx.pending['public'].sha256) fail(`sha256 ${body.sha256}`);
    },
  },
  {
    route: 'GET /pipelines/:id/files/:fileId',
    case: HIDDEN,
    request: get((fx) => pendingPath(fx, fx.pending[HIDDEN])),
    expect: readersOfHidden(200),
    refusal: asForAMissingFile(false),
  },
  {
    route: 'GET /pipelines/:id/files/:fileId',
    case: 'a file that does not exist',
    request: get((fx) => `${filesOf(fx)}/${MISSING_FILE}`),
    expect: readersOfA(404),
    refusal: asForAMissingFile(false),
  },
  {
    route: 'GET /pipelines/:id/files/:fileId',
    case: 'B',
    request: get((fx) => pendingPath(fx, fx.perKind.admin.files.deleteB)),
    expect: onlyB(200, 404),
  },
];

/** One text file, named `name` (a new name by default). */
const note = (name = `${unique('matrix-upload')}.txt`): UploadFile => ({
  name,
  bytes: Buffer.from(`A new uploaded note ${unique('upload')}.`),
});
const upload = (path: string, fields: Record<string, string>, file = note()): MatrixRequest => ({
  method: 'POST',
  path,
  form: { fields, files: [file] },
});
const processPath = (fx: MatrixFixture, file: FixturePendingFile) => `${pendingPath(fx, file)}/process`;
/** What processing answers a key without read: the document it made, none of the file's facts. */
const PROCESSED_WITHOUT_READ = ['document_id', 'file_id', 'job_id', 'status', 'version'];

export const FILE_WRITE_ROWS: RestRow[] = [
  {
    route: 'POST /pipelines/:id/files',
    case: 'public, kept for later (process=false)',
    request: (fx) => upload(filesOf(fx), { classification: 'public', process: 'false' }),
    expect: writersOfA(201),
    check: ([result]) => {
      if (result.status !== 'uploaded' || !result.file_id)
        fail(`${result.status}, file_id ${result.file_id}`);
    },
  },
  {
    route: 'POST /pipelines/:id/files',
    case: 'public, queued (?async=true)',
    request: (fx) => upload(`${filesOf(fx)}?async=true`, { classification: 'public' }),
    expect: writersOfA(202),
    check: ([result]) => {
      if (result.status !== 'queued' || !result.job_id) fail(`${result.status}, job_id ${result.job_id}`);
    },
  },
  {
    route: 'POST /pipelines/:id/files',
    case: `public, the external_id of a ${HIDDEN} document`,
    request: (fx, kind) =>
      upload(filesOf(fx), {
        classification: 'public',
        external_id: fx.perKind[kind].files.externalIdTarget.externalId,
      }),
    expect: writersOfA(201),
    check: versionsIfTouchable(
      (fx, kind) => fx.perKind[kind].files.externalIdTarget,
      ([result]) => result.document_id,
    ),
  },
  {
    route: 'POST /pipelines/:id/files',
    case: `public, named as the external id of a ${HIDDEN} document (the default external_id)`,
    request: (fx, kind) =>
      upload(filesOf(fx), { classification: 'public' }, note(fx.perKind[kind].files.nameTarget.externalId)),
    expect: writersOfA(201),
    check: versionsIfTouchable(
      (fx, kind) => fx.perKind[kind].files.nameTarget,
      ([result]) => result.document_id,
    ),
  },
  {
    route: 'POST /pipelines/:id/files',
    case: HIDDEN,
    request: (fx) => upload(filesOf(fx), { classification: HIDDEN }),
    expect: writersOfA(201, 403),
    refusal: namesOnlyReadable(HIDDEN),
  },
  {
    route: 'POST /pipelines/:id/files',
    case: 'an undefined classification',
    request: (fx) => upload(filesOf(fx), { classification: 'nosuch' }),
    expect: writersOfA(422, 403),
    refusal: namesOnlyReadable('nosuch'),
  },
  {
    route: 'POST /pipelines/:id/files',
    case: 'B',
    request: (fx) => upload(filesOf(fx, 'B'), { classification: 'public' }),
    expect: onlyB(201, 404),
  },

  {
    route: 'POST /pipelines/:id/files/:fileId/process',
    case: `public, named as the external id of a ${HIDDEN} document`,
    request: (fx, kind) => ({
      method: 'POST',
      path: processPath(fx, fx.perKind[kind].files.process),
      body: {},
    }),
    expect: writersOfA(201),
    check: (body, fx, kind) => {
      versionsIfTouchable(
        (fx, kind) => fx.perKind[kind].files.processTarget,
        (result) => result.document_id,
      )(body, fx, kind);
      onlyTheseFieldsWithoutRead(PROCESSED_WITHOUT_READ)(body, fx, kind);
    },
  },
  {
    route: 'POST /pipelines/:id/files/:fileId/process',
    case: HIDDEN,
    request: (fx, kind) => ({
      method: 'POST',
      path: processPath(fx, fx.perKind[kind].files.processHidden),
      body: {},
    }),
    expect: writersOfA(201, 404),
    check: onlyTheseFieldsWithoutRead(PROCESSED_WITHOUT_READ),
    refusal: asForAMissingFile(true),
  },
  {
    route: 'POST /pipelines/:id/files/:fileId/process',
    case: 'a file that does not exist',
    request: (fx) => ({ method: 'POST', path: `${filesOf(fx)}/${MISSING_FILE}/process`, body: {} }),
    expect: writersOfA(404),
    refusal: asForAMissingFile(true),
  },
  {
    route: 'POST /pipelines/:id/files/:fileId/process',
    case: 'B',
    request: (fx, kind) => ({
      method: 'POST',
      path: processPath(fx, fx.perKind[kind].files.processB),
      body: {},
    }),
    expect: onlyB(201, 404),
  },

  {
    route: 'DELETE /pipelines/:id/files/:fileId',
    case: 'public',
    request: (fx, kind) => ({ method: 'DELETE', path: pendingPath(fx, fx.perKind[kind].files.delete) }),
    expect: writersOfA(200),
    check: (body, fx, kind) => {
      if (body.id !== fx.perKind[kind].files.delete.id) fail(`deleted ${body.id}`);
      onlyTheseFieldsWithoutRead(['id'])(body, fx, kind);
    },
  },
  {
    route: 'DELETE /pipelines/:id/files/:fileId',
    case: HIDDEN,
    request: (fx, kind) => ({ method: 'DELETE', path: pendingPath(fx, fx.perKind[kind].files.deleteHidden) }),
    expect: writersOfA(200, 404),
    check: onlyTheseFieldsWithoutRead(['id']),
    refusal: asForAMissingFile(true),
  },
  {
    route: 'DELETE /pipelines/:id/files/:fileId',
    case: 'a file that does not exist',
    request: (fx) => ({ method: 'DELETE', path: `${filesOf(fx)}/${MISSING_FILE}` }),
    expect: writersOfA(404),
    refusal: asForAMissingFile(true),
  },
  {
    route: 'DELETE /pipelines/:id/files/:fileId',
    case: 'B',
    request: (fx, kind) => ({ method: 'DELETE', path: pendingPath(fx, fx.perKind[kind].files.deleteB) }),
    expect: onlyB(200, 404),
  },
];
