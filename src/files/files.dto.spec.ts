import { invalidMessage } from '../../test/support/domain-errors';
import { parseProcessBody, parseUploadFields } from './files.dto';

describe('parseUploadFields', () => {
  it('fills the defaults: metadata {}, the file name as external id, processed now', () => {
    expect(parseUploadFields({ classification: 'public' }, 1, false)).toEqual({
      classification: 'public',
      metadata: {},
      externalId: null,
      textSplitterId: null,
      chunkSize: null,
      chunkOverlap: null,
      process: true,
      queue: false,
    });
  });

  it('reads every field from its text, and metadata sent as JSON parts already parsed', () => {
    expect(
      parseUploadFields(
        {
          classification: 'internal',
          metadata: '{"team":"ops"}',
          external_id: 'handbook',
          text_splitter_id: '0193A000-0000-7000-8000-00000000A0A0',
          chunk_size: '500',
          chunk_overlap: '50',
          process: 'false',
        },
        1,
        true,
      ),
    ).toEqual({
      classification: 'internal',
      metadata: { team: 'ops' },
      externalId: 'handbook',
      textSplitterId: '0193a000-0000-7000-8000-00000000a0a0',
      chunkSize: 500,
      chunkOverlap: 50,
      process: false,
      queue: true,
    });
    expect(parseUploadFields({ classification: 'x', metadata: { a: 1 } }, 1, false).metadata).toEqual({
      a: 1,
    });
  });

  it.each([
    [{}, 'classification: is required'],
    [{ classification: ' ' }, 'classification: is required'],
    [{ classification: 'x', metadata: '[1,2]' }, 'metadata: must be a JSON object'],
    [{ classification: 'x', metadata: '{"a":' }, 'metadata: must be a JSON object'],
    [{ classification: 'x', chunk_size: '0' }, 'chunk_size: must be an integer from 1 to 100000'],
    [{ classification: 'x', chunk_size: '12.5' }, 'chunk_size: must be an integer from 1 to 100000'],
    [
      { classification: 'x', chunk_size: '100', chunk_overlap: '100' },
      'chunk_overlap: must be less than chunk_size (100)',
    ],
    [{ classification: 'x', text_splitter_id: 'abc' }, 'text_splitter_id: must be a text splitter UUID'],
    [{ classification: 'x', process: 'yes' }, 'process: must be true or false'],
  ])('refuses %j: %s', (fields, message) => {
    expect(invalidMessage(() => parseUploadFields(fields, 1, false))).toBe(message);
  });

  it('refuses unknown fields and an external id shared by several files', () => {
    expect(invalidMessage(() => parseUploadFields({ classification: 'x', colour: 'red' }, 1, false))).toMatch(
      /^field colour: not a field of a file upload; expected file\(s\), classification, metadata/,
    );
    expect(
      invalidMessage(() => parseUploadFields({ classification: 'x', external_id: 'e' }, 2, false)),
    ).toMatch(/^external_id: names one document, so it goes with a single file/);
  });
});

describe('parseProcessBody', () => {
  it('takes an empty body, or splitter changes', () => {
    expect(parseProcessBody(undefined, false)).toEqual({ queue: false });
    expect(parseProcessBody({ chunk_size: 300, chunk_overlap: 30 }, true)).toEqual({
      chunkSize: 300,
      chunkOverlap: 30,
      queue: true,
    });
    expect(invalidMessage(() => parseProcessBody({ chunk_size: '300' }, false))).toBe(
      'chunk_size: must be an integer from 1 to 100000',
    );
    expect(invalidMessage(() => parseProcessBody({ classification: 'x' }, false))).toMatch(/classification/);
  });
});
