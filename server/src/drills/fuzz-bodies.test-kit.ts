import zlib from 'node:zlib';
import fc from 'fast-check';
import { RESOURCES } from '@school/shared/resources';
import {
  HOSTILE_VALUES,
  namesOf,
  percentEncode,
  POLLUTION_MARK,
  queryArb,
  queryString,
} from './fuzz-query.test-kit.js';

/**
 * Hostile request bodies for the fuzz drill: JSON (prototype keys written literally, deep nesting,
 * huge lists, wrong types, NUL, lone surrogates, not JSON at all), urlencoded forms, multipart
 * forms (recordings metadata that lies about its parts, wrong part counts, huge, empty,
 * path-traversal and NUL file names, files under fields nobody reads, broken framing), and wrong
 * content types and codings. `FILE_MARK` is in every file name, to find any file written with it.
 */

export const FILE_MARK = 'fzfile';

/** A JSON value whose objects keep their keys as written (`__proto__` included). */
export type JTree =
  null | boolean | number | string | { a: JTree[] } | { o: Array<[string, JTree]> } | { raw: string };

export function jsonText(t: JTree): string {
  if (t === null || typeof t !== 'object')
    return typeof t === 'number' && !Number.isFinite(t) ? String(t) : JSON.stringify(t);
  if ('raw' in t) return t.raw;
  if ('a' in t) return `[${t.a.map(jsonText).join(',')}]`;
  return `{${t.o.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
}

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);

/** Names commands and forms read, next to the resource's own fields. */
const BODY_NAMES = [
  'id',
  'comment',
  'miss_status',
  'start',
  'end',
  'duration',
  'study_id',
  'user_id',
  'type_id',
  'users',
  'subscriptions',
  'email',
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'new_password_confirmation',
  'remember',
  'token',
  'token_type',
  'role_id',
  'metadata',
  'parts',
  'study_task',
  'content',
  'subject',
  'score',
  'report',
  'date',
  'time',
  'teacher_id',
  'student_id',
  'contract_id',
  'studies_template',
  'phones',
  'childs',
  'responsibles',
  'languages',
  'initiated_by',
  'change_comment',
  'show_in_history',
  'message',
  'callback_query',
  'event',
  'type',
  'ids',
  '_method',
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', '__defineSetter__', 'toJSON', 'then'];

const numbers = pick([
  0,
  -1,
  1,
  2,
  1.5,
  -0.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  1e-320,
  Number.NaN,
  Number.POSITIVE_INFINITY,
]);

function leaf(): fc.Arbitrary<JTree> {
  return fc.oneof(
    { weight: 3, arbitrary: pick(HOSTILE_VALUES) as fc.Arbitrary<JTree> },
    { weight: 2, arbitrary: numbers as fc.Arbitrary<JTree> },
    { weight: 1, arbitrary: pick([true, false, null]) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }) },
  );
}

/** Deep (up to 120 000 levels), wide (up to 60 000 items) or long values: the parser and every walk over the body. */
const monsters: fc.Arbitrary<JTree> = fc.oneof(
  fc.constantFrom(200, 5000, 120_000).map((d) => ({ raw: '['.repeat(d) + ']'.repeat(d) })),
  fc.constantFrom(200, 5000, 60_000).map((d) => ({ raw: '{"a":'.repeat(d) + '1' + '}'.repeat(d) })),
  fc
    .constantFrom(1000, 60_000)
    .map((n) => ({ raw: `[${Array.from({ length: n }, (_, i) => i % 9).join(',')}]` })),
  fc
    .constantFrom(1000, 20_000)
    .map((n) => ({ o: Array.from({ length: n }, (_, i) => [`k${i}`, i] as [string, JTree]) })),
  fc.constantFrom(70_000, 900_000).map((n) => 'x'.repeat(n)),
);

export function jsonTreeArb(resource?: string): fc.Arbitrary<JTree> {
  const names = namesOf(resource ? RESOURCES[resource] : undefined);
  const key = fc.oneof(
    { weight: 4, arbitrary: pick([...names.fields, ...names.relations, ...BODY_NAMES]) },
    { weight: 1, arbitrary: pick(PROTO_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  const { tree } = fc.letrec<{ tree: JTree; obj: JTree }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: leaf() },
      { weight: 2, arbitrary: tie('obj') },
      { weight: 1, arbitrary: fc.array(tie('tree'), { maxLength: 4 }).map((a) => ({ a })) },
    ),
    obj: fc.array(fc.tuple(key, tie('tree')), { maxLength: 6 }).map((o) => ({ o })),
  }));
  const mark: JTree = { o: [[POLLUTION_MARK, 1]] };
  const polluting: fc.Arbitrary<JTree> = pick(PROTO_KEYS.slice(0, 3)).map((k): JTree => {
    const inner: JTree = k === 'constructor' ? { o: [['prototype', mark]] } : mark;
    return { o: [[k, inner]] };
  });
  const top = fc.array(
    fc.tuple(
      key,
      fc.oneof(
        { weight: 8, arbitrary: tree },
        { weight: 1, arbitrary: monsters },
        { weight: 1, arbitrary: polluting },
      ),
    ),
    {
      maxLength: 7,
    },
  );
  return top.map((o) => ({ o }));
}

export type BodyKind = 'none' | 'json' | 'json-text' | 'form' | 'multipart' | 'other';

export interface Body {
  kind: BodyKind;
  contentType?: string;
  bytes: Buffer;
  /** Extra headers (a content coding). */
  headers: Record<string, string>;
}

/** Text that is not a JSON object: the parser's refusals. */
const NOT_OBJECTS = [
  '',
  ' ',
  'null',
  '[]',
  '[1,2]',
  '"x"',
  '1',
  'true',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '\ufeff{"a":1}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":1}',
  'NaN',
  '{"a":01}',
  '{"a":1e99999}',
  '/*x*/{}',
  '{"a":1}\u0000',
];

export interface FileSpec {
  field: string;
  name: string;
  type: string;
  content: Buffer;
}

/** File names a server must never use as a path, or must survive showing. */
export const FILE_NAMES = [
  `${FILE_MARK}.txt`,
  `../../${FILE_MARK}.txt`,
  `../../../../../../tmp/${FILE_MARK}.txt`,
  `..\\..\\${FILE_MARK}.txt`,
  `/etc/${FILE_MARK}`,
  `C:\\Windows\\${FILE_MARK}.txt`,
  `%2e%2e%2f${FILE_MARK}.txt`,
  `${FILE_MARK}\u0000.pdf`,
  `${FILE_MARK}.pdf\u0000.exe`,
  `${'я'.repeat(300)}${FILE_MARK}.pdf`,
  `${'a'.repeat(5000)}${FILE_MARK}.mp4`,
  '',
  '.',
  '..',
  `./${FILE_MARK}.mp4`,
  `${FILE_MARK}\r\nX-Injected: 1.txt`,
  `${FILE_MARK}"; name="metadata.txt`,
  `\u202e${FILE_MARK}gpj.exe`,
  `${FILE_MARK}.mp4`,
  `Урок ${FILE_MARK}.mp4`,
  `${FILE_MARK}.zip`,
  `${FILE_MARK}.docx`,
];

/** Bytes that look random but are the same on every run (the seed alone decides a run). */
const noise = (n: number) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (Math.imul(i + 1, 2654435761) >>> 13) & 0xff));

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A zip whose end record claims 65535 entries and a directory far past the end. */
const LYING_ZIP = Buffer.concat([
  Buffer.from('PK\x03\x04'),
  noise(40),
  Buffer.from([
    0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff,
    0x7f, 0, 0,
  ]),
]);

const CONTENTS: readonly Buffer[] = [
  Buffer.alloc(0),
  Buffer.from('plain homework text\n'),
  PNG_1PX,
  PDF,
  LYING_ZIP,
  Buffer.from('MZ\x90\x00' + 'x'.repeat(200)),
  Buffer.from('\x7fELF' + 'x'.repeat(100)),
  noise(2048),
  Buffer.from('ftypisom'.padStart(12, '\0') + 'x'.repeat(64)),
];

/** What the drill adds for its server: ids that exist there, file contents that pass the checks (a real video). */
export interface BodyExtras {
  ids: readonly number[];
  contents: readonly Buffer[];
  /** Relative weight of multipart bodies (4 of 17 by default; the upload routes want more). */
  multipartWeight?: number;
}

/** Recordings metadata: the right shape with lying parts, wrong types, not JSON. */
const metadataArb = (x: BodyExtras): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .tuple(
        pick<unknown>([...x.ids, ...x.ids, 0, -1, 999999999, '1', null]),
        fc.array(
          fc.record({
            part: pick<unknown>([1, 2, 3, 0, -1, 1.5, '1', null, 99]),
            file_name: pick<unknown>([...FILE_NAMES.slice(0, 12), 1, null]),
            id: pick<unknown>([null, 1, -1, 'x', 2 ** 40]),
            languages: pick<unknown>([
              [],
              [1],
              [1, 1],
              ['x'],
              null,
              Array.from({ length: 500 }, (_, i) => i),
            ]),
          }),
          { maxLength: 4 },
        ),
      )
      .map(([study_id, parts]) => JSON.stringify({ study_id, parts })),
    pick(NOT_OBJECTS),
    pick([
      '{"study_id":1,"parts":{"0":{}}}',
      '{"parts":[]}',
      `{"__proto__":{"${POLLUTION_MARK}":1},"parts":[]}`,
      '{"study_id":1,"parts":null}',
    ]),
  );

const fieldsArb = (x: BodyExtras, resource?: string) =>
  fc.array(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.tuple(
          pick([
            '_method',
            'comment',
            'miss_status',
            'user_id',
            'document_name',
            'metadata',
            'study_task',
            `__proto__[${POLLUTION_MARK}]`,
          ]),
          pick(HOSTILE_VALUES),
        ),
      },
      { weight: 2, arbitrary: metadataArb(x).map((m) => ['metadata', m] as [string, string]) },
      { weight: 2, arbitrary: queryArb(resource).map((q) => q.pairs[0] ?? ['_method', 'patch']) },
      {
        weight: 1,
        arbitrary: pick<[string, string]>([
          ['_method', 'patch'],
          ['_method', 'PATCH'],
          ['_method', 'delete'],
          ['_method', 'put'],
          ['_method', 'get'],
          ['_method', ''],
        ]),
      },
    ),
    { maxLength: 5 },
  );

const filesArb = (x: BodyExtras): fc.Arbitrary<FileSpec[]> =>
  fc.array(
    fc.record({
      field: pick([
        'files[]',
        'files',
        'study_task[]',
        'study_task',
        'document_file',
        'attachment',
        'file',
        'metadata',
        '',
        `__proto__`,
      ]),
      name: pick(FILE_NAMES),
      type: pick([
        'video/mp4',
        'application/pdf',
        'text/plain',
        'application/octet-stream',
        'image/png',
        '',
        'x/../../y',
        'text/plain; charset=utf-16',
      ]),
      content: pick([...CONTENTS, ...x.contents]),
    }),
    { maxLength: 4 },
  );

type Framing =
  | 'ok'
  | 'no-closing'
  | 'wrong-boundary'
  | 'no-boundary'
  | 'no-disposition'
  | 'rfc2231-name'
  | 'many-fields'
  | 'bare-lf';

function multipartBytes(
  fields: Array<[string, string]>,
  files: FileSpec[],
  framing: Framing,
): { contentType: string; bytes: Buffer } {
  const boundary = 'fz-boundary-q7Xw2';
  const eol = framing === 'bare-lf' ? '\n' : '\r\n';
  const chunks: Buffer[] = [];
  const many: Array<[string, string]> =
    framing === 'many-fields' ? Array.from({ length: 2100 }, (_, i) => [`f${i}`, 'x']) : [];
  for (const [k, v] of [...fields, ...many]) {
    const disposition =
      framing === 'no-disposition'
        ? 'Content-Type: text/plain'
        : `Content-Disposition: form-data; name="${k}"`;
    chunks.push(Buffer.from(`--${boundary}${eol}${disposition}${eol}${eol}${v}${eol}`));
  }
  for (const f of files) {
    const name =
      framing === 'rfc2231-name' ? `filename*=UTF-8''${percentEncode(f.name)}` : `filename="${f.name}"`;
    const type = f.type ? `${eol}Content-Type: ${f.type}` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}${eol}Content-Disposition: form-data; name="${f.field}"; ${name}${type}${eol}${eol}`,
      ),
      f.content,
      Buffer.from(eol),
    );
  }
  if (framing !== 'no-closing') chunks.push(Buffer.from(`--${boundary}--${eol}`));
  const declared = framing === 'wrong-boundary' ? 'other' : boundary;
  const contentType =
    framing === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${declared}`;
  return { contentType, bytes: Buffer.concat(chunks) };
}

const OTHER_TYPES = [
  'text/plain',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded; charset=ISO-8859-1',
  'multipart/mixed; boundary=x',
  'multipart/form-data; boundary=',
  'application/json, text/plain',
  'a/b/c',
  '*/*',
  ';;;',
  'application/x-www-form-urlencoded;;charset',
];

const coding = fc.oneof(
  { weight: 12, arbitrary: fc.constant('none' as const) },
  { weight: 1, arbitrary: pick(['gzip', 'deflate', 'br', 'gzip-lie', 'zstd', 'gzip, gzip'] as const) },
);

function encode(
  body: Body,
  how: 'none' | 'gzip' | 'deflate' | 'br' | 'gzip-lie' | 'zstd' | 'gzip, gzip',
): Body {
  if (how === 'none' || body.kind === 'none') return body;
  const bytes =
    how === 'gzip'
      ? zlib.gzipSync(body.bytes)
      : how === 'deflate'
        ? zlib.deflateSync(body.bytes)
        : how === 'br'
          ? zlib.brotliCompressSync(body.bytes)
          : body.bytes;
  const name = how === 'gzip-lie' ? 'gzip' : how;
  return { ...body, bytes, headers: { ...body.headers, 'Content-Encoding': name } };
}

export function bodyArb(x: BodyExtras, resource?: string): fc.Arbitrary<Body> {
  const json = jsonTreeArb(resource).map((t): Body => ({
    kind: 'json',
    contentType: 'application/json',
    bytes: Buffer.from(jsonText(t)),
    headers: {},
  }));
  const text = fc
    .tuple(
      pick(NOT_OBJECTS),
      pick(['application/json', 'application/json; charset=utf-8', 'application/merge-patch+json']),
    )
    .map(([t, ct]): Body => ({ kind: 'json-text', contentType: ct, bytes: Buffer.from(t), headers: {} }));
  const utf16 = jsonTreeArb(resource).map((t): Body => ({
    kind: 'json-text',
    contentType: 'application/json',
    bytes: Buffer.from('\ufeff' + jsonText(t), 'utf16le'),
    headers: {},
  }));
  const form = queryArb(resource).map((q): Body => ({
    kind: 'form',
    contentType: 'application/x-www-form-urlencoded',
    bytes: Buffer.from(queryString(q)),
    headers: {},
  }));
  const multipart = fc
    .tuple(
      fieldsArb(x, resource),
      filesArb(x),
      pick<Framing>([
        'ok',
        'ok',
        'ok',
        'ok',
        'no-closing',
        'wrong-boundary',
        'no-boundary',
        'no-disposition',
        'rfc2231-name',
        'many-fields',
        'bare-lf',
      ]),
    )
    .map(([fields, files, framing]): Body => ({
      kind: 'multipart',
      headers: {},
      ...multipartBytes(fields, files, framing),
    }));
  const other = fc
    .tuple(pick(OTHER_TYPES), fc.uint8Array({ maxLength: 200 }))
    .map(([ct, b]): Body => ({ kind: 'other', contentType: ct, bytes: Buffer.from(b), headers: {} }));
  const body = fc.oneof(
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none', bytes: Buffer.alloc(0), headers: {} }) },
    { weight: 5, arbitrary: json },
    { weight: 2, arbitrary: text },
    { weight: 1, arbitrary: utf16 },
    { weight: 3, arbitrary: form },
    { weight: x.multipartWeight ?? 4, arbitrary: multipart },
    { weight: 1, arbitrary: other },
  );
  return fc.tuple(body, coding).map(([b, how]) => encode(b, how));
}
