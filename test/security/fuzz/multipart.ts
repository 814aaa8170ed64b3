/**
 * Malformed multipart/form-data bodies for the upload routes: the route's valid form
 * with a field or a file changed, fields and files in the wrong places or too many,
 * text fields whose bytes or JSON break the input rules, then framings that are not
 * well-formed multipart (no closing boundary, a boundary the header does not announce,
 * bare LF line ends, parts without headers, truncated or random bytes).
 */
import fc from 'fast-check';
import { Fixture, Form, Route } from '../routes';
import { JSON_TRAPS, weirdString, weirdValue } from './values';

interface Part {
  name: string;
  /** Present on file parts. */
  filename?: string;
  type?: string;
  content: Buffer;
  /** Headers sent instead of the usual Content-Disposition and Content-Type. */
  rawHeaders?: string;
}

export interface MultipartBody {
  contentType?: string;
  body: Buffer;
}

const BOUNDARY = '----fuzzBoundary7MA4YWxkTrZu0gW';
/** Over the 1 MiB a text field may hold. */
const OVERSIZED_FIELD = 'f'.repeat(1024 * 1024 + 16);

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** What a text field may hold: odd text, JSON that breaks a rule once parsed, bytes that are not UTF-8. */
const fieldBytes: fc.Arbitrary<Buffer> = fc.oneof(
  { arbitrary: weirdString.map(bytes), weight: 4 },
  { arbitrary: fc.constantFrom(...JSON_TRAPS).map(bytes), weight: 4 },
  { arbitrary: weirdValue.map((value) => bytes(JSON.stringify(value) ?? 'null')), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      Buffer.from([0xff, 0xfe, 0x41]),
      Buffer.from([0x7b, 0x22, 0x6b, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), // {"k":"<CESU-8 surrogate>"}
      Buffer.from('a\u0000b'),
      bytes(OVERSIZED_FIELD),
    ),
    weight: 2,
  },
);

const fileBytes: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  fc.constantFrom(
    Buffer.alloc(0),
    bytes('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF'),
    Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]),
    bytes('<html><body><script>x</script></body></html>'),
    bytes('{"a": [1, 2, {"b": null}]}'),
    bytes('a,b\n1,"2\n'),
    bytes('text with a NUL \u0000 inside'),
  ),
);

function partsOf(form: Form): Part[] {
  return [
    ...Object.entries(form.fields).map(([name, value]) => ({ name, content: bytes(value) })),
    ...form.files.map((file) => ({
      name: file.field,
      filename: file.filename,
      type: file.type,
      content: bytes(file.content),
    })),
  ];
}

/** The valid form's parts, changed in one way. */
function changedParts(form: Form): fc.Arbitrary<readonly Part[]> {
  const valid = partsOf(form);
  const fieldNames = [...Object.keys(form.fields), 'unknown_field', 'metadata', 'classification'];
  const fileIndex = valid.findIndex((part) => part.filename !== undefined);
  const withField = (name: string, content: Buffer, type?: string) => [
    ...valid.filter((part) => part.name !== name || part.filename !== undefined),
    { name, content, type },
  ];
  const withFile = (change: Partial<Part>) =>
    valid.map((part, i) => (i === fileIndex ? { ...part, ...change } : part));
  return fc.oneof(
    { arbitrary: fc.constant<Part[]>(valid), weight: 3 },
    {
      arbitrary: fc
        .tuple(fc.oneof(fc.constantFrom(...fieldNames), weirdString), fieldBytes)
        .map(([name, content]) => withField(name, content)),
      weight: 6,
    },
    // A field sent as JSON: the multipart reader parses it.
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...fieldNames), fc.constantFrom(...JSON_TRAPS, '{"a":', '[1,]'))
        .map(([name, json]) => withField(name, bytes(json), 'application/json')),
      weight: 2,
    },
    { arbitrary: fc.constantFrom(...valid.keys()).map((i) => valid.filter((_, j) => j !== i)), weight: 1 },
    {
      arbitrary: fc
        .record({ filename: weirdString, type: fc.option(weirdString, { nil: undefined }) })
        .map((change) => withFile(change)),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(
          'image/png',
          'application/json',
          'text/html',
          'application/pdf',
          'application/octet-stream',
          'x',
        )
        .chain((type) => fileBytes.map((content) => withFile({ type, content }))),
      weight: 3,
    },
    {
      arbitrary: fc.constantFrom('file', 'files', 'metadata', 'other').map((name) => withFile({ name })),
      weight: 1,
    },
    // A text field sent as a file, a file sent as a text field.
    {
      arbitrary: fc
        .constantFrom(...fieldNames)
        .map((name) => [...valid, { name, filename: 'field.txt', content: bytes('x') }]),
      weight: 1,
    },
    { arbitrary: fc.constant(withFile({ filename: undefined })), weight: 1 },
    { arbitrary: fc.constant(valid.filter((part) => part.filename === undefined)), weight: 1 },
    { arbitrary: fc.constant([...valid, ...valid]), weight: 1 },
    {
      arbitrary: fc.constantFrom(24, 40).map((n) => [
        ...valid,
        ...Array.from({ length: n }, (_, i) => ({
          name: `extra${i}`,
          ...(i % 2 === 0 ? { filename: `extra${i}.txt` } : {}),
          content: bytes('x'),
        })),
      ]),
      weight: 1,
    },
  );
}

function encodeParts(parts: readonly Part[], boundary: string, eol = '\r\n', closing = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      `Content-Disposition: form-data; name="${part.name}"` +
      (part.filename === undefined ? '' : `; filename="${part.filename}"`);
    const headers =
      part.rawHeaders ?? [disposition, ...(part.type ? [`Content-Type: ${part.type}`] : [])].join(eol);
    chunks.push(bytes(`--${boundary}${eol}${headers}${eol}${eol}`), part.content, bytes(eol));
  }
  if (closing) chunks.push(bytes(`--${boundary}--${eol}`));
  return Buffer.concat(chunks);
}

const MULTIPART = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/** The parts framed well, or in one of the ways a multipart body can be broken. */
function framed(parts: readonly Part[]): fc.Arbitrary<MultipartBody> {
  const proper = { contentType: MULTIPART(BOUNDARY), body: encodeParts(parts, BOUNDARY) };
  return fc.oneof(
    { arbitrary: fc.constant(proper), weight: 12 },
    { arbitrary: fc.constant({ ...proper, body: encodeParts(parts, BOUNDARY, '\r\n', false) }), weight: 1 },
    { arbitrary: fc.constant({ ...proper, body: encodeParts(parts, BOUNDARY, '\n') }), weight: 1 },
    { arbitrary: fc.constant({ ...proper, contentType: MULTIPART('another-boundary') }), weight: 1 },
    { arbitrary: fc.constant({ ...proper, contentType: 'multipart/form-data' }), weight: 1 },
    { arbitrary: fc.constant({ ...proper, contentType: MULTIPART(`"${'b'.repeat(200)}"`) }), weight: 1 },
    {
      arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((share) => ({
        ...proper,
        body: proper.body.subarray(0, Math.floor(proper.body.length * share)),
      })),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(
          'Content-Type: text/plain',
          'Content-Disposition form-data name=x',
          'Content-Disposition: attachment; name="file"; filename="a.txt"',
          'Content-Disposition: form-data; name="file"; filename*=UTF-8\'\'%E2%82%AC%00.txt',
          `Content-Disposition: form-data; name="${'n'.repeat(300)}"`,
          '',
        )
        .map((rawHeaders) => ({
          ...proper,
          body: encodeParts([{ ...parts[0], rawHeaders }, ...parts.slice(1)], BOUNDARY),
        })),
      weight: 2,
    },
    {
      arbitrary: fc
        .uint8Array({ maxLength: 300 })
        .map((random) => ({ ...proper, body: Buffer.from(random) })),
      weight: 1,
    },
    { arbitrary: fc.constant({ ...proper, body: Buffer.alloc(0) }), weight: 1 },
  );
}

/** A multipart request to a route that takes a form (see Route.form), mostly malformed. */
export function multipartBody(route: Route, fixture: Fixture): fc.Arbitrary<MultipartBody> {
  const form = route.form!(fixture);
  return fc.oneof(
    { arbitrary: changedParts(form).chain(framed), weight: 10 },
    // The fields as JSON, which the upload routes do not take.
    {
      arbitrary: fc.constant({ contentType: 'application/json', body: bytes(JSON.stringify(form.fields)) }),
      weight: 1,
    },
    { arbitrary: fc.constant({ body: encodeParts(partsOf(form), BOUNDARY) }), weight: 1 },
  );
}
