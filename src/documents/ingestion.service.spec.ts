import { invalidMessage } from '../../test/support/domain-errors';
import { TextSplitter } from '../catalogue/catalogue.types';
import { splitterParameters } from './ingestion.service';

const splitter = (parameters: Record<string, unknown>): TextSplitter => ({
  id: '01900000-0000-7000-8000-000000000001',
  provider: 'recursive_character',
  parameters,
  description: null,
  created_at: new Date(),
});

describe('splitterParameters', () => {
  const stored = splitter({ chunk_size: 1000, chunk_overlap: 200 });

  it('keeps the stored parameters without overrides', () => {
    expect(splitterParameters(stored, undefined)).toBe(stored.parameters);
    expect(splitterParameters(stored, {})).toBe(stored.parameters);
  });

  it('applies a chunk size and overlap over the stored ones', () => {
    expect(splitterParameters(stored, { chunk_size: 512, chunk_overlap: 50 })).toMatchObject({
      chunk_size: 512,
      chunk_overlap: 50,
    });
  });

  it('keeps the stored overlap for a chunk size it still fits, else takes a fifth', () => {
    expect(splitterParameters(stored, { chunk_size: 300 })).toMatchObject({
      chunk_size: 300,
      chunk_overlap: 200,
    });
    expect(splitterParameters(stored, { chunk_size: 100 })).toMatchObject({
      chunk_size: 100,
      chunk_overlap: 20,
    });
  });

  it('refuses an overlap that does not fit the chunk size', () => {
    expect(invalidMessage(() => splitterParameters(stored, { chunk_overlap: 1000 }))).toBe(
      'chunk_overlap: must be less than the chunk size (1000)',
    );
  });
});
