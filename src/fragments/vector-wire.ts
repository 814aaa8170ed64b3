/**
 * Vectors in pgvector's binary form, for bulk writes and for search (the query's vector,
 * and the candidates' vectors an MMR search reads).
 *
 * node-postgres sends a Buffer parameter in binary format, so a `$n::vector[]`
 * parameter built here goes through PostgreSQL's array_recv and pgvector's
 * vector_recv: 4 bytes per dimension copied, where the text form `[0.0123,...]` costs
 * a float-to-decimal conversion in Node and a decimal parse in the database for each
 * of them (encoding and inserting 1,000 vectors of 384 dimensions: 38 against 636 ms
 * on PostgreSQL, 155 against 1,709 ms on PGlite; docs/benchmarks.md, "Ingestion").
 * The values are float4 either way: the text form is parsed into float4 too.
 */

/** Bytes of an array's header with one dimension: ndim, flags, element type, length, lower bound. */
const ARRAY_HEADER = 20;

/**
 * A one-dimensional `vector[]` in PostgreSQL's binary array format: `elementOid` is
 * the `vector` type's oid in this database (it is an extension's type, see
 * `'vector'::regtype`). Every vector must have at least one dimension and at most
 * pgvector's 16,000.
 */
export function vectorArrayBinary(vectors: ArrayLike<number>[], elementOid: number): Buffer {
  let size = ARRAY_HEADER;
  for (const vector of vectors) size += 4 + 4 + 4 * vector.length;
  const buffer = Buffer.allocUnsafe(size);
  let at = buffer.writeInt32BE(1, 0); // dimensions
  at = buffer.writeInt32BE(0, at); // no nulls
  at = buffer.writeUInt32BE(elementOid, at);
  at = buffer.writeInt32BE(vectors.length, at);
  at = buffer.writeInt32BE(1, at); // lower bound
  for (const vector of vectors) {
    at = buffer.writeInt32BE(4 + 4 * vector.length, at);
    at = writeVector(buffer, at, vector);
  }
  return buffer;
}

/**
 * One vector in pgvector's binary form (vector_recv): a `$n::vector` parameter sent as
 * a Buffer, as the vectors are stored, without a decimal text to write and parse.
 */
export function vectorBinary(vector: ArrayLike<number>): Buffer {
  const buffer = Buffer.allocUnsafe(4 + 4 * vector.length);
  writeVector(buffer, 0, vector);
  return buffer;
}

/** A vector from pgvector's binary form (`vector_send(v)`, a bytea): its float4s exactly. */
export function vectorFromBinary(buffer: Buffer): number[] {
  const dims = buffer.readInt16BE(0);
  const vector = new Array<number>(dims);
  for (let i = 0; i < dims; i++) vector[i] = buffer.readFloatBE(4 + 4 * i);
  return vector;
}

function writeVector(buffer: Buffer, start: number, vector: ArrayLike<number>): number {
  const dims = vector.length;
  let at = buffer.writeInt16BE(dims, start);
  at = buffer.writeInt16BE(0, at); // unused
  for (let i = 0; i < dims; i++) at = buffer.writeFloatBE(vector[i], at);
  return at;
}
