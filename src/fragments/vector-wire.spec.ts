import { vectorArrayBinary, vectorBinary, vectorFromBinary } from './vector-wire';

describe('vectorArrayBinary', () => {
  it('writes a one-dimensional array of vectors: header, then per vector its length, dimension and float4s', () => {
    const buffer = vectorArrayBinary([[1, -0.5], [0.25]], 16385);
    expect(buffer.length).toBe(20 + (4 + 4 + 8) + (4 + 4 + 4));
    expect([0, 4, 8, 12, 16].map((at) => buffer.readInt32BE(at))).toEqual([1, 0, 16385, 2, 1]);
    expect(buffer.readInt32BE(20)).toBe(12);
    expect(buffer.readInt16BE(24)).toBe(2);
    expect(buffer.readInt16BE(26)).toBe(0);
    expect([buffer.readFloatBE(28), buffer.readFloatBE(32)]).toEqual([1, -0.5]);
    expect(buffer.readInt32BE(36)).toBe(8);
    expect(buffer.readInt16BE(40)).toBe(1);
    expect(buffer.readFloatBE(44)).toBe(0.25);
  });

  it('writes an empty array with its header only', () => {
    expect(vectorArrayBinary([], 1).length).toBe(20);
  });
});

describe('vectorBinary and vectorFromBinary', () => {
  it('write one vector as vector_recv reads it, and read back its float4s', () => {
    const buffer = vectorBinary([1, -0.5, 0.1]);
    expect([buffer.length, buffer.readInt16BE(0), buffer.readInt16BE(2)]).toEqual([16, 3, 0]);
    expect(vectorFromBinary(buffer)).toEqual([1, -0.5, Math.fround(0.1)]);
  });
});
