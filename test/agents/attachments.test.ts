/**
 * Chat attachments (ops 8 and 9) through a running Trove, on each database: every
 * accepted format uploads and answers the document's ChatAttachmentUploadResponse;
 * every refused file or request is a 400 (or the status the document gives) naming
 * what is wrong; a turn that names an attachment answers from it and cites it as a
 * `document` citation, apart from the pipelines' `vectordb` ones; an attachment is its
 * uploader's alone (another key, even an admin, can neither use nor delete it); a
 * deleted attachment is gone from turns and from the citations that quoted it.
 */
import { samplePdf } from '../../bench/sample-files';
import { everyFormat, malformedFiles } from '../files/helpers';
import { Api, UploadFile } from '../support/http';
import { expectErrorResponse } from '../support/error-response';
import { describeEachDatabase } from '../support/suite';
import {
  AddMessageResponse,
  AgentConversationDetailResponse,
  AttachmentDeleteError,
  ChatAttachmentUploadResponse,
  CreateAgentConversationResponse,
  expectSchema,
} from './contract/schemas';
import { runStream } from './support/agui';
import { ALL_SCOPES, buildWorld, key, World } from './support/world';

const WARRANTY = 'The Lumen desk lamp carries a warranty of seven years from the date of purchase.';
const QUESTION = 'How long is the warranty of the Lumen desk lamp?';
const TXT = 'text/plain';

const text = (name: string, content: string, type: string | undefined = TXT): UploadFile => ({
  name,
  bytes: Buffer.from(content),
  field: 'files',
  ...(type ? { type } : {}),
});

describeEachDatabase('the agents API: chat attachments (ops 8 and 9)', (fixture) => {
  let world: World;
  let agent = '';
  let otherAgent = '';
  const base = (key = agent) => `/api/v1/agents/${key}/conversations`;
  const upload = (api: Api, files: UploadFile[], fields: Record<string, string> = {}, key = agent) =>
    api.upload(`${base(key)}/attachments/upload`, files, fields);
  const attach = async (api: Api, file: UploadFile, fields: Record<string, string> = {}) => {
    const response = await upload(api, [file], fields);
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 200 });
    expectSchema(ChatAttachmentUploadResponse, response.body);
    return response.body.attachments[0] as { recordId: string; recordName: string };
  };
  const citationsOf = (message: any) => message.citations.map((c: any) => c.citationData);

  beforeAll(async () => {
    world = await buildWorld(fixture().api);
    const create = async (name: string) =>
      (
        await world.internal.post('/api/v1/agents/create', {
          name,
          knowledge: [{ connectorId: world.supportKb }],
          shareWithOrg: true,
        })
      ).body.agent._key as string;
    agent = await create('Support with files');
    otherAgent = await create('Another agent');
  });

  it('uploads every accepted format and answers the document’s envelope', async () => {
    const formats = (await everyFormat()).filter(({ type }) => type !== 'html' && type !== 'json');
    const types: Record<string, string> = {
      pdf: 'application/pdf',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      csv: 'text/csv',
      tsv: 'text/tab-separated-values',
      markdown: 'text/markdown',
      text: TXT,
    };
    const files: UploadFile[] = formats.map(({ file, type }) => ({
      ...file,
      field: 'files',
      type: types[type],
    }));
    files.push(text('notes.mdx', '# Notes\n\nThe release train leaves on Thursdays.\n', 'text/mdx'));
    const response = await upload(world.internal, files);
    expect(response.status).toBe(200);
    expectSchema(ChatAttachmentUploadResponse, response.body);
    expect(response.body.conversationId).toBeNull();
    expect(
      response.body.attachments.map((a: any) => [a.recordName, a.mimeType, a.extension, a.parseMode]),
    ).toEqual([
      ...formats.map(({ file, type }) => [file.name, types[type], file.name.split('.').pop(), type]),
      ['notes.mdx', 'text/mdx', 'mdx', 'text'],
    ]);
    for (const a of response.body.attachments) {
      expect(a.recordId).toMatch(/^[0-9a-f]{24}$/);
      expect(a.virtualRecordId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    // A file sent without a type is judged by its bytes and name; the same bytes, the same virtual record.
    const again = await upload(world.internal, [{ ...files[files.length - 1], type: undefined }]);
    expect(again.body.attachments[0].virtualRecordId).toBe(
      response.body.attachments[files.length - 1].virtualRecordId,
    );
    expect(again.body.attachments[0].recordId).not.toBe(response.body.attachments[files.length - 1].recordId);
  });

  it('answers a turn from the attached file and cites it apart from the pipeline fragments', async () => {
    const file = await attach(world.internal, text('lamp-warranty.txt', WARRANTY));
    const created = await world.internal.post(base(), {
      query: 'Lumen desk lamp warranty from the date of purchase; refunds for annual plans prorated?',
      attachments: [{ recordId: file.recordId }],
    });
    expect(created.status).toBe(201);
    expectSchema(CreateAgentConversationResponse, created.body);
    const [question, answer] = created.body.conversation.messages;
    expect(question.attachments).toEqual([
      {
        recordId: file.recordId,
        recordName: 'lamp-warranty.txt',
        mimeType: TXT,
        extension: 'txt',
        virtualRecordId: expect.any(String),
      },
    ]);
    expect(answer.content).toContain('seven years');
    const cited = citationsOf(answer);
    const upload = cited.find((c: any) => c.citationType === 'document');
    expect(upload).toMatchObject({
      content: WARRANTY,
      metadata: {
        recordId: file.recordId,
        recordName: 'lamp-warranty.txt',
        origin: 'UPLOAD',
        mimeType: TXT,
        extension: 'txt',
        recordType: 'FILE',
      },
    });
    expect(upload.metadata.connectorId).toBeUndefined();
    // The refunds fragment of support-kb, cited as the pipeline's.
    const fragment = cited.find((c: any) => c.citationType === 'vectordb');
    expect(fragment.metadata).toMatchObject({ connectorId: world.supportKb, origin: 'TROVE' });

    const detail = await world.internal.get(`${base()}/${created.body.conversation._id}`);
    expectSchema(AgentConversationDetailResponse, detail.body);
    const detailAnswer = detail.body.conversation.messages.find((m: any) => m.messageType === 'bot_response');
    expect(citationsOf(detailAnswer).map((c: any) => c.metadata.recordId)).toContain(file.recordId);
  });

  it('takes attachments by recordIds, on follow-ups, in streams, and again when regenerating', async () => {
    const file = await attach(world.internal, text('lamp.md', `# Lamp\n\n${WARRANTY}\n`, 'text/markdown'));
    const created = await world.internal.post(base(), { query: QUESTION, recordIds: [file.recordId] });
    expect(created.status).toBe(201);
    expect(citationsOf(created.body.conversation.messages[1])[0].metadata.recordId).toBe(file.recordId);
    const id = created.body.conversation._id;

    const added = await world.internal.post(`${base()}/${id}/messages`, {
      query: 'For how many years is the Lumen lamp covered?',
      attachments: [{ recordId: file.recordId, recordName: 'a wrong name is not kept' }],
    });
    expect(added.status).toBe(200);
    expectSchema(AddMessageResponse, added.body);
    expect(added.body.recordsUsed).toBeGreaterThanOrEqual(1);
    const [question, answer] = added.body.conversation.messages.slice(2);
    expect(question.attachments[0].recordName).toBe('lamp.md');
    expect(citationsOf(answer).map((c: any) => c.metadata.recordId)).toContain(file.recordId);

    const streamed = await runStream(world.internal, `${base()}/${id}/messages/stream`, {
      query: QUESTION,
      chatMode: 'quick',
      attachments: [{ recordId: file.recordId }],
    });
    expect(streamed.error).toBeUndefined();
    const streamedAnswer = streamed.finished!.result.conversation.messages.at(-1);
    expect(citationsOf(streamedAnswer).map((c: any) => c.metadata.recordId)).toContain(file.recordId);

    const regenerated = await runStream(
      world.internal,
      `${base()}/${id}/message/${streamedAnswer._id}/regenerate`,
      { chatMode: 'quick' },
    );
    expect(regenerated.error).toBeUndefined();
    const again = regenerated.finished!.result.conversation.messages.at(-1);
    expect(again.content).toContain('seven years');
    expect(citationsOf(again).map((c: any) => c.metadata.recordId)).toContain(file.recordId);
  });

  it('ties an upload to a conversation of the key when asked, and uses it there only', async () => {
    const first = await world.internal.post(base(), { query: QUESTION });
    const id = first.body.conversation._id;
    const response = await upload(world.internal, [text('bound.txt', WARRANTY)], { conversationId: id });
    expect(response.status).toBe(200);
    expectSchema(ChatAttachmentUploadResponse, response.body);
    expect(response.body.conversationId).toBe(id);
    const recordId = response.body.attachments[0].recordId;

    const there = await world.internal.post(`${base()}/${id}/messages`, {
      query: QUESTION,
      attachments: [{ recordId }],
    });
    expect(there.status).toBe(200);
    const elsewhere = await world.internal.post(base(), { query: QUESTION, attachments: [{ recordId }] });
    expectErrorResponse(
      elsewhere,
      400,
      'HTTP_BAD_REQUEST',
      `attachments[0].recordId: attachment ${recordId} not found`,
    );

    const empty = await upload(world.internal, [text('unbound.txt', WARRANTY)], { conversationId: '' });
    expect(empty.body.conversationId).toBeNull();
    expectErrorResponse(
      await upload(world.internal, [text('a.txt', 'x')], { conversationId: 'abc' }),
      400,
      'VALIDATION_ERROR',
      'conversationId: must be empty or a 24-character hex ObjectId',
    );
    const others = await world.publicOnly.post(base(), { query: QUESTION });
    expectErrorResponse(
      await upload(world.internal, [text('a.txt', 'x')], { conversationId: others.body.conversation._id }),
      400,
      'HTTP_BAD_REQUEST',
      `conversationId: conversation ${others.body.conversation._id} not found`,
    );
  });

  it('keeps an attachment to the key that uploaded it and the agent it was uploaded to', async () => {
    const file = await attach(world.internal, text('mine.txt', WARRANTY));
    const admin = fixture().api;
    for (const [who, api] of [
      ['another key', world.publicOnly],
      ['an admin key', admin],
    ] as const) {
      const used = await api.post(base(), { query: QUESTION, attachments: [{ recordId: file.recordId }] });
      expect({ who, status: used.status }).toEqual({ who, status: 400 });
      expect(used.body.error.message).toBe(`attachments[0].recordId: attachment ${file.recordId} not found`);
      const byRecord = await api.post(base(), { query: QUESTION, recordIds: [file.recordId] });
      expect(byRecord.body.error.message).toBe(`recordIds[0]: record ${file.recordId} not found`);
      const deleted = await api.delete(`${base()}/attachments/${file.recordId}`);
      expect({ who, status: deleted.status, text: deleted.text }).toEqual({ who, status: 404, text: '' });
    }
    const withOtherAgent = await world.internal.post(base(otherAgent), {
      query: QUESTION,
      attachments: [{ recordId: file.recordId }],
    });
    expectErrorResponse(
      withOtherAgent,
      400,
      'HTTP_BAD_REQUEST',
      `attachments[0].recordId: attachment ${file.recordId} not found`,
    );
    expect((await world.internal.delete(`${base(otherAgent)}/attachments/${file.recordId}`)).status).toBe(
      404,
    );
    // Still the uploader's to use.
    const mine = await world.internal.post(base(), {
      query: QUESTION,
      attachments: [{ recordId: file.recordId }],
    });
    expect(mine.status).toBe(201);
  });

  it('deletes an attachment (op 9): 204 and an empty body, then gone from turns and from its citations', async () => {
    const file = await attach(world.internal, text('doomed.txt', WARRANTY));
    const created = await world.internal.post(base(), {
      query: QUESTION,
      attachments: [{ recordId: file.recordId }],
    });
    const id = created.body.conversation._id;
    expect(citationsOf(created.body.conversation.messages[1]).map((c: any) => c.metadata.recordId)).toContain(
      file.recordId,
    );

    const deleted = await world.internal.delete(`${base()}/attachments/${file.recordId}`);
    expect({ status: deleted.status, text: deleted.text }).toEqual({ status: 204, text: '' });
    const again = await world.internal.delete(`${base()}/attachments/${file.recordId}`);
    expect({ status: again.status, text: again.text }).toEqual({ status: 404, text: '' });

    const detail = await world.internal.get(`${base()}/${id}`);
    expectSchema(AgentConversationDetailResponse, detail.body);
    const cited = detail.body.conversation.messages.flatMap((m: any) => citationsOf(m));
    expect(cited.map((c: any) => c.metadata.recordId)).not.toContain(file.recordId);
    expect(JSON.stringify(cited)).not.toContain('seven years');
    expectErrorResponse(
      await world.internal.post(`${base()}/${id}/messages`, {
        query: QUESTION,
        attachments: [{ recordId: file.recordId }],
      }),
      400,
      'HTTP_BAD_REQUEST',
      `attachments[0].recordId: attachment ${file.recordId} not found`,
    );
    // The question that named it still says what was attached.
    expect(
      detail.body.conversation.messages.find((m: any) => m.messageType === 'user_query').attachments,
    ).toEqual([expect.objectContaining({ recordId: file.recordId, recordName: 'doomed.txt' })]);
  });

  it('lets a key delete what it attached to an agent deleted since', async () => {
    const temporary = (
      await world.internal.post('/api/v1/agents/create', { name: 'Short-lived', shareWithOrg: true })
    ).body.agent._key;
    const uploaded = await upload(world.internal, [text('left.txt', WARRANTY)], {}, temporary);
    const recordId = uploaded.body.attachments[0].recordId;
    expect((await world.internal.delete(`/api/v1/agents/${temporary}`)).status).toBe(200);
    expect((await world.publicOnly.delete(`${base(temporary)}/attachments/${recordId}`)).status).toBe(404);
    const deleted = await world.internal.delete(`${base(temporary)}/attachments/${recordId}`);
    expect({ status: deleted.status, text: deleted.text }).toEqual({ status: 204, text: '' });
  });

  it('answers a blank path parameter of op 9 with the document’s small error object', async () => {
    for (const [path, error] of [
      [`${base()}/attachments/%20`, 'recordId is required'],
      ['/api/v1/agents/%20/conversations/attachments/0123456789abcdef01234567', 'agentKey is required'],
    ]) {
      const response = await world.internal.delete(path);
      expect(response.status).toBe(400);
      expectSchema(AttachmentDeleteError, response.body);
      expect(response.body).toEqual({ error });
    }
    const unknown = await world.internal.delete(`${base()}/attachments/not-an-attachment`);
    expect({ status: unknown.status, text: unknown.text }).toEqual({ status: 404, text: '' });
  });

  it('refuses what it cannot read or does not accept with a 400 naming each file, storing nothing', async () => {
    const cut = malformedFiles().find((m) => m.file.name === 'cut.pdf')!;
    const cases: [UploadFile[], string][] = [
      [
        [
          {
            name: 'photo.png',
            bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
            field: 'files',
            type: 'image/png',
          },
        ],
        "File 'photo.png': Trove reads no text from images (it has no OCR); attach the text, or a PDF that has a text layer. Nothing was stored.",
      ],
      [
        [text('page.html', '<html><body>Hi</body></html>', 'text/html')],
        "File 'page.html': it was sent as text/html, which agent chats do not accept; send PDF, DOCX, XLSX, CSV, TSV, Markdown (.md, .mdx) or plain text. Nothing was stored.",
      ],
      [
        [text('data.json', '{"a": 1}', undefined)],
        "File 'data.json': it is application/json, which agent chats do not accept; send PDF, DOCX, XLSX, CSV, TSV, Markdown (.md, .mdx) or plain text. Nothing was stored.",
      ],
      [
        [text('report.txt', 'just text', 'application/pdf')],
        "File 'report.txt': it was sent as application/pdf, but its bytes are text/plain. Nothing was stored.",
      ],
      [
        [
          text('fine.txt', WARRANTY),
          { ...cut.file, field: 'files', type: 'application/pdf' },
          text('empty.txt', ''),
        ],
        `File 'cut.pdf': ${cut.reason}; File 'empty.txt': it is empty. Nothing was stored.`,
      ],
    ];
    for (const [files, message] of cases)
      expectErrorResponse(await upload(world.internal, files), 400, 'VALIDATION_ERROR', message);
  });

  it('refuses a malformed upload with the document’s statuses', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => text(`n${i}.txt`, `note ${i}`));
    expectErrorResponse(
      await upload(world.internal, eleven),
      400,
      'VALIDATION_ERROR',
      'Too many files: one request may carry at most 10',
    );
    expectErrorResponse(
      await upload(world.internal, [{ ...text('a.txt', 'x'), field: 'file' }]),
      400,
      'VALIDATION_ERROR',
      "field file: a file was sent here; send files as 'files'",
    );
    expectErrorResponse(
      await world.internal.upload(`${base()}/attachments/upload`, [], { conversationId: '' }),
      400,
      'VALIDATION_ERROR',
      "files: no file was sent; send one or more as 'files' parts",
    );
    expectErrorResponse(
      await upload(world.internal, [text('twin.txt', 'a'), text('twin.txt', 'b')]),
      400,
      'VALIDATION_ERROR',
      "Two files are named 'twin.txt': an upload may carry each name once",
    );
    // 5 MiB and one byte: refused while it arrives, as a 400 (the document's Multer rejection).
    const boundary = 'attachmentboundary';
    const big = await world.internal.partial(
      'POST',
      `${base()}/attachments/upload`,
      { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': 6_000_000 },
      [
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
        Buffer.alloc(5 * 1024 * 1024 + 1, 'a'),
      ],
    );
    expect(big.status).toBe(400);
    expect(big.body.error.message).toBe(
      "file 'big.txt' has more than 5242880 bytes, the most one file may have",
    );

    const json = await world.internal.post(`${base()}/attachments/upload`, { files: [] });
    expectErrorResponse(
      json,
      415,
      'HTTP_UNSUPPORTED_MEDIA_TYPE',
      'Unsupported Media Type: send multipart/form-data',
    );
    expect(json.body.error.code).toBe('HTTP_UNSUPPORTED_MEDIA_TYPE');
    expectErrorResponse(
      await upload(world.internal, [text('a.txt', 'x')], {}, '0193a000-0000-7000-8000-0000000000ff'),
      404,
      'HTTP_NOT_FOUND',
      'Agent not found',
    );
    const noExecute = await key(fixture().api, 'reader', { scopes: ['agent:read'] });
    expectErrorResponse(
      await upload(noExecute, [text('a.txt', 'x')]),
      403,
      'HTTP_FORBIDDEN',
      'Missing agent:execute scope',
    );
    expectErrorResponse(
      await noExecute.delete(`${base()}/attachments/0123456789abcdef01234567`),
      403,
      'HTTP_FORBIDDEN',
      'Missing agent:execute scope',
    );
    expect((await upload(world.internal.as(null), [text('a.txt', 'x')])).status).toBe(401);
    expect(fixture().trove.output()).not.toMatch(/"status":500/);
  });

  it('keeps every other route of the agents API JSON-only: a multipart body there is a 415 ErrorResponse', async () => {
    const form = new FormData();
    form.append('query', QUESTION);
    for (const path of [base(), '/api/v1/agents/create']) {
      const response = await world.internal.request('POST', path, form);
      expectErrorResponse(
        response,
        415,
        'HTTP_UNSUPPORTED_MEDIA_TYPE',
        'Unsupported Media Type: send application/json',
      );
    }
    // The REST API keeps its own words.
    const rest = await world.internal.request('POST', '/pipelines', form);
    expect({ status: rest.status, body: rest.body }).toEqual({
      status: 415,
      body: { detail: 'Unsupported Media Type: send application/json' },
    });
  });

  it('reads the pages of a PDF and cites the page', async () => {
    const pdf = samplePdf({
      title: 'Lamp manual',
      pages: [['Unpack the lamp and keep the box.'], [WARRANTY]],
    });
    const file = await attach(world.internal, {
      name: 'manual.pdf',
      bytes: pdf,
      field: 'files',
      type: 'application/pdf',
    });
    const created = await world.internal.post(base(), {
      query: QUESTION,
      attachments: [{ recordId: file.recordId }],
    });
    const cited = citationsOf(created.body.conversation.messages[1]).find(
      (c: any) => c.citationType === 'document',
    );
    expect(cited.metadata).toMatchObject({
      recordName: 'manual.pdf',
      pageNum: [2],
      mimeType: 'application/pdf',
    });
  });

  it('keeps the scopes: an agent:execute key with every scope but no grant still uses its own attachments', async () => {
    const outsider = await key(fixture().api, 'files-only', { scopes: ALL_SCOPES });
    const file = await attach(outsider, text('own.txt', WARRANTY));
    const created = await outsider.post(base(), {
      query: QUESTION,
      attachments: [{ recordId: file.recordId }],
    });
    expect(created.status).toBe(201);
    const cited = citationsOf(created.body.conversation.messages[1]);
    expect(cited.map((c: any) => c.citationType)).toEqual(['document']);
  });
});
