import { invalidMessage } from '../../test/support/domain-errors';
import { parseProcessBody, parseUploadFields } from './files.dto';

/** TROVE_METADATA_MAX_BYTES at its default. */
const MAX = 65536;

describe('parseUploadFields', () => {
  it('fills the defaults: metadata {}, the file name as external id, processed now', () => {
    expect(parseUploadFields({ classification: 'public' }, 1, false, MAX)).toEqual({
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
        MAX,
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
    expect(parseUploadFields({ classification: 'x', metadata: { a: 1 } }, 1, false, MAX).metadata).toEqual({
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
    // The metadata, once parsed, obeys the rules of a JSON body and a document's bounds.
    [
      { classification: 'x', metadata: '{"k":"a\\u0000b"}' },
      'metadata.k: must not contain NUL characters (\\u0000)',
    ],
    [
      { classification: 'x', metadata: '{"k":"\\ud800"}' },
      'metadata.k: must be valid Unicode (it holds a lone UTF-16 surrogate)',
    ],
    [
      { classification: 'x', metadata: `{"k":${'['.repeat(40)}${']'.repeat(40)}}` },
      'metadata: must not be nested more than 32 levels deep',
    ],
    [
      { classification: 'x', metadata: JSON.stringify({ big: 'm'.repeat(MAX) }) },
      `metadata: must be at most ${MAX} bytes as JSON (TROVE_METADATA_MAX_BYTES)`,
    ],
  ])('refuses %j: %s', (fields, message) => {
    expect(invalidMessage(() => parseUploadFields(fields, 1, false, MAX))).toBe(message);
  });

  it('refuses unknown fields and an external id shared by several files', () => {
    expect(
      invalidMessage(() => parseUploadFields({ classification: 'x', colour: 'red' }, 1, false, MAX)),
    ).toMatch(/^field colour: not a field of a file upload; expected file\(s\), classification, metadata/);
    expect(
      invalidMessage(() => parseUploadFields({ classification: 'x', external_id: 'e' }, 2, false, MAX)),
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
