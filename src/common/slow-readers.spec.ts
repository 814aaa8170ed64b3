import { PassThrough } from 'node:stream';
import { readerKeptUp } from './slow-readers';

const buffered = (stream: PassThrough) => () => stream.writableLength + stream.readableLength;

describe('readerKeptUp', () => {
  const limits = { bufferBytes: 1024, stallMs: 50 };

  it('answers at once while the reader keeps up', async () => {
    const stream = new PassThrough();
    stream.write('x'.repeat(100));
    await expect(readerKeptUp(stream, buffered(stream), limits)).resolves.toBe(true);
  });

  it('waits for a reader over the bound, and answers true once it has read', async () => {
    const stream = new PassThrough({ highWaterMark: 512 });
    stream.write('x'.repeat(4096));
    const kept = readerKeptUp(stream, buffered(stream), { ...limits, stallMs: 10_000 });
    stream.resume();
    await expect(kept).resolves.toBe(true);
  });

  it('answers false for a reader that stays over the bound, and for a closed stream', async () => {
    const stream = new PassThrough();
    stream.write('x'.repeat(4096));
    await expect(readerKeptUp(stream, buffered(stream), limits)).resolves.toBe(false);
    const closing = readerKeptUp(stream, buffered(stream), { ...limits, stallMs: 10_000 });
    stream.destroy();
    await expect(closing).resolves.toBe(false);
  });
});
