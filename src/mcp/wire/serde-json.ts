/**
 * A JSON parser that fails exactly like serde_json reading from a stream
 * (`serde_json::from_reader`), because the published 415 body is
 * `fail to deserialize request body <reason>` with serde_json's reason, e.g.
 * `EOF while parsing an object at line 1 column 1`.
 *
 * Positions follow serde_json's `IoRead`: the line and column of the last byte
 * pulled from the input (peeked bytes count), columns counted in bytes.
 *
 * It also remembers what JavaScript numbers forget: whether a number was
 * written as an integer (serde's u64 / i64) or a float (f64), and its exact
 * digits. Tool arguments need that to produce serde's type errors
 * (`invalid type: floating point `5.0`, expected u16`). The facts hang off the
 * containing object or array under the NUMBERS symbol, invisible to
 * JSON.stringify and Object.keys.
 */

export type NumberKind = 'u64' | 'i64' | 'f64';

export interface NumberFact {
  kind: NumberKind;
  /** The number exactly as written. */
  text: string;
}

/** On parsed objects and arrays: the facts of their number members, by key (arrays: by index). */
export const NUMBERS = Symbol('serde-json-numbers');

type Container = (Record<string, unknown> | unknown[]) & { [NUMBERS]?: Map<string, NumberFact> };

export function numberFact(container: unknown, key: string | number): NumberFact | undefined {
  if (container === null || typeof container !== 'object') return undefined;
  return (container as Container)[NUMBERS]?.get(String(key));
}

const MESSAGES = {
  eofList: 'EOF while parsing a list',
  eofObject: 'EOF while parsing an object',
  eofString: 'EOF while parsing a string',
  eofValue: 'EOF while parsing a value',
  expectedColon: 'expected `:`',
  expectedListCommaOrEnd: 'expected `,` or `]`',
  expectedObjectCommaOrEnd: 'expected `,` or `}`',
  expectedIdent: 'expected ident',
  expectedValue: 'expected value',
  invalidEscape: 'invalid escape',
  invalidNumber: 'invalid number',
  numberOutOfRange: 'number out of range',
  invalidUnicode: 'invalid unicode code point',
  controlCharacter: 'control character (\\u0000-\\u001F) found while parsing a string',
  keyMustBeString: 'key must be a string',
  loneSurrogate: 'lone leading surrogate in hex escape',
  trailingComma: 'trailing comma',
  trailingCharacters: 'trailing characters',
  unexpectedEndOfHexEscape: 'unexpected end of hex escape',
  recursionLimit: 'recursion limit exceeded',
} as const;

export class JsonSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

const U64_MAX = 18446744073709551615n;
const I64_MIN_MAGNITUDE = 9223372036854775808n;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const isDigit = (b: number | null): b is number => b !== null && b >= 0x30 && b <= 0x39;
const hexValue = (b: number): number =>
  b >= 0x30 && b <= 0x39
    ? b - 0x30
    : b >= 0x61 && b <= 0x66
      ? b - 0x57
      : b >= 0x41 && b <= 0x46
        ? b - 0x37
        : -1;

class Parser {
  private index = 0;
  /** A byte pulled by peek() and not yet consumed (undefined: none; null: EOF was peeked). */
  private pending: number | null | undefined = undefined;
  private line = 1;
  private column = 0;
  private remainingDepth = 128;

  constructor(private readonly bytes: Uint8Array) {}

  private pull(): number | null {
    if (this.index >= this.bytes.length) return null;
    const byte = this.bytes[this.index++];
    if (byte === 0x0a) {
      this.line += 1;
      this.column = 0;
    } else {
      this.column += 1;
    }
    return byte;
  }

  private peek(): number | null {
    if (this.pending === undefined) this.pending = this.pull();
    return this.pending;
  }

  private next(): number | null {
    if (this.pending !== undefined) {
      const byte = this.pending;
      this.pending = undefined;
      return byte;
    }
    return this.pull();
  }

  private discard(): void {
    this.pending = undefined;
  }

  error(message: string): JsonSyntaxError {
    return new JsonSyntaxError(`${message} at line ${this.line} column ${this.column}`);
  }

  private whitespace(): number | null {
    for (;;) {
      const byte = this.peek();
      if (byte === 0x20 || byte === 0x0a || byte === 0x09 || byte === 0x0d) this.discard();
      else return byte;
    }
  }

  /** Parses one value; the caller decides when to check for trailing characters. */
  value(): { value: unknown; fact?: NumberFact } {
    const peek = this.whitespace();
    if (peek === null) throw this.error(MESSAGES.eofValue);
    switch (peek) {
      case 0x6e: // n
        this.discard();
        this.ident('ull');
        return { value: null };
      case 0x74: // t
        this.discard();
        this.ident('rue');
        return { value: true };
      case 0x66: // f
        this.discard();
        this.ident('alse');
        return { value: false };
      case 0x2d: // -
        this.discard();
        return this.number(false);
      case 0x22: // "
        this.discard();
        return { value: this.string() };
      case 0x5b: // [
        return { value: this.nested(() => this.array()) };
      case 0x7b: // {
        return { value: this.nested(() => this.object()) };
      default:
        if (isDigit(peek)) return this.number(true);
        throw this.error(MESSAGES.expectedValue);
    }
  }

  /** After the top-level value: only whitespace may follow. */
  end(): void {
    if (this.whitespace() !== null) throw this.error(MESSAGES.trailingCharacters);
  }

  private nested<T>(parse: () => T): T {
    this.remainingDepth -= 1;
    if (this.remainingDepth === 0) throw this.error(MESSAGES.recursionLimit);
    this.discard();
    const result = parse();
    this.remainingDepth += 1;
    return result;
  }

  private ident(rest: string): void {
    for (let i = 0; i < rest.length; i++) {
      const byte = this.next();
      if (byte === null) throw this.error(MESSAGES.eofValue);
      if (byte !== rest.charCodeAt(i)) throw this.error(MESSAGES.expectedIdent);
    }
  }

  private array(): unknown[] {
    const items: Container = [];
    let first = true;
    for (;;) {
      let peek = this.whitespace();
      if (peek === 0x5d) break; // ]
      if (peek === 0x2c && !first) {
        this.discard();
        peek = this.whitespace();
      } else if (peek !== null) {
        if (!first) throw this.error(MESSAGES.expectedListCommaOrEnd);
        first = false;
      } else {
        throw this.error(MESSAGES.eofList);
      }
      if (peek === 0x5d) throw this.error(MESSAGES.trailingComma);
      if (peek === null) throw this.error(MESSAGES.eofValue);
      const { value, fact } = this.value();
      if (fact) remember(items, String(items.length), fact);
      items.push(value);
    }
    this.discard(); // ]
    return items;
  }

  private object(): Record<string, unknown> {
    const members: Container = {};
    let first = true;
    for (;;) {
      let peek = this.whitespace();
      if (peek === 0x7d) break; // }
      if (peek === 0x2c && !first) {
        this.discard();
        peek = this.whitespace();
      } else if (peek !== null) {
        if (!first) throw this.error(MESSAGES.expectedObjectCommaOrEnd);
        first = false;
      } else {
        throw this.error(MESSAGES.eofObject);
      }
      if (peek === 0x7d) throw this.error(MESSAGES.trailingComma);
      if (peek === null) throw this.error(MESSAGES.eofValue);
      if (peek !== 0x22) throw this.error(MESSAGES.keyMustBeString);
      this.discard();
      const key = this.string();
      const colon = this.whitespace();
      if (colon === null) throw this.error(MESSAGES.eofObject);
      if (colon !== 0x3a) throw this.error(MESSAGES.expectedColon);
      this.discard();
      const { value, fact } = this.value();
      // Like serde_json::Map: a repeated key keeps its place and takes the last value.
      if (fact) remember(members, key, fact);
      else members[NUMBERS]?.delete(key);
      Object.defineProperty(members, key, { value, enumerable: true, writable: true, configurable: true });
    }
    this.discard(); // }
    return members as Record<string, unknown>;
  }

  private number(positive: boolean): { value: number; fact: NumberFact } {
    let text = positive ? '' : '-';
    const first = this.next();
    if (first === null) throw this.error(MESSAGES.eofValue);
    if (first === 0x30) {
      text += '0';
      if (isDigit(this.peek())) throw this.error(MESSAGES.invalidNumber);
    } else if (isDigit(first)) {
      text += String.fromCharCode(first);
      while (isDigit(this.peek())) text += String.fromCharCode(this.next()!);
    } else {
      throw this.error(MESSAGES.invalidNumber);
    }
    let float = false;
    if (this.peek() === 0x2e) {
      float = true;
      this.discard();
      text += '.';
      let digits = 0;
      while (isDigit(this.peek())) {
        text += String.fromCharCode(this.next()!);
        digits++;
      }
      if (digits === 0) throw this.error(this.peek() === null ? MESSAGES.eofValue : MESSAGES.invalidNumber);
    }
    const e = this.peek();
    if (e === 0x65 || e === 0x45) {
      float = true;
      this.discard();
      text += 'e';
      const sign = this.peek();
      if (sign === 0x2b || sign === 0x2d) {
        this.discard();
        text += String.fromCharCode(sign);
      }
      const digit = this.next();
      if (digit === null) throw this.error(MESSAGES.eofValue);
      if (!isDigit(digit)) throw this.error(MESSAGES.invalidNumber);
      text += String.fromCharCode(digit);
      while (isDigit(this.peek())) text += String.fromCharCode(this.next()!);
    }
    const value = Number(text);
    if (!Number.isFinite(value)) throw this.error(MESSAGES.numberOutOfRange);
    let kind: NumberKind = 'f64';
    if (!float) {
      const magnitude = BigInt(positive ? text : text.slice(1));
      if (positive && magnitude <= U64_MAX) kind = 'u64';
      else if (!positive && magnitude > 0n && magnitude <= I64_MIN_MAGNITUDE) kind = 'i64';
    }
    return { value, fact: { kind, text } };
  }

  private string(): string {
    const out: number[] = [];
    for (;;) {
      const byte = this.next();
      if (byte === null) throw this.error(MESSAGES.eofString);
      if (byte === 0x22) {
        try {
          return utf8.decode(Uint8Array.from(out));
        } catch {
          throw this.error(MESSAGES.invalidUnicode);
        }
      }
      if (byte === 0x5c) this.escape(out);
      else if (byte < 0x20) throw this.error(MESSAGES.controlCharacter);
      else out.push(byte);
    }
  }

  private escape(out: number[]): void {
    const byte = this.next();
    if (byte === null) throw this.error(MESSAGES.eofString);
    const simple: Record<number, number> = {
      0x22: 0x22,
      0x5c: 0x5c,
      0x2f: 0x2f,
      0x62: 0x08,
      0x66: 0x0c,
      0x6e: 0x0a,
      0x72: 0x0d,
      0x74: 0x09,
    };
    if (byte in simple) {
      out.push(simple[byte]);
      return;
    }
    if (byte !== 0x75) throw this.error(MESSAGES.invalidEscape);
    const first = this.hexEscape();
    if (first >= 0xdc00 && first <= 0xdfff) throw this.error(MESSAGES.loneSurrogate);
    if (first < 0xd800 || first > 0xdbff) {
      pushUtf8(out, first);
      return;
    }
    for (const expected of [0x5c, 0x75]) {
      const next = this.peek();
      if (next === null) throw this.error(MESSAGES.eofString);
      this.discard();
      if (next !== expected) throw this.error(MESSAGES.unexpectedEndOfHexEscape);
    }
    const second = this.hexEscape();
    if (second < 0xdc00 || second > 0xdfff) throw this.error(MESSAGES.loneSurrogate);
    pushUtf8(out, ((first - 0xd800) << 10) + (second - 0xdc00) + 0x10000);
  }

  private hexEscape(): number {
    const digits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const byte = this.next();
      if (byte === null) throw this.error(MESSAGES.eofString);
      digits.push(byte);
    }
    let value = 0;
    for (const digit of digits) {
      const v = hexValue(digit);
      if (v < 0) throw this.error(MESSAGES.invalidEscape);
      value = value * 16 + v;
    }
    return value;
  }
}

function remember(container: Container, key: string, fact: NumberFact): void {
  if (!container[NUMBERS]) {
    Object.defineProperty(container, NUMBERS, { value: new Map<string, NumberFact>(), enumerable: false });
  }
  container[NUMBERS]!.set(key, fact);
}

function pushUtf8(out: number[], codePoint: number): void {
  out.push(...Buffer.from(String.fromCodePoint(codePoint), 'utf8'));
}

export interface ParsedJson {
  value: unknown;
  /** The top-level number's fact, when the document is a bare number. */
  fact?: NumberFact;
  /** serde_json checks for trailing characters only after the value deserialized; so do callers. */
  end(): void;
}

/** Parses a document; throws JsonSyntaxError with serde_json's message and position. */
export function parseJson(bytes: Uint8Array): ParsedJson {
  const parser = new Parser(bytes);
  const { value, fact } = parser.value();
  return { value, fact, end: () => parser.end() };
}
