/**
 * A POST body as the published server reads it: serde_json into its JSON-RPC
 * message type. What fails becomes the reason of the 415
 * `fail to deserialize request body <reason>`: serde_json's syntax error, or,
 * for valid JSON that is no JSON-RPC message (batches included: the library
 * has none), serde's untagged-enum message. Trailing characters are checked
 * last, as serde_json does.
 */
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
} from '@modelcontextprotocol/server';
import { JsonSyntaxError, numberFact, NUMBERS, parseJson } from '../wire/serde-json';

const I64_MAX = 9223372036854775807n;

export const NOT_A_MESSAGE = 'data did not match any variant of untagged enum JsonRpcMessage';

/** A JSON-RPC message as parsed: a request, notification or response. */
export type Message = Record<string, unknown>;

export type ParsedMessage = { message: Message } | { reason: string };

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function parseMessage(body: Uint8Array): ParsedMessage {
  try {
    const parsed = parseJson(body);
    const message = asMessage(parsed.value);
    if (!message) return { reason: NOT_A_MESSAGE };
    parsed.end();
    return { message };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { reason: error.message };
    throw error;
  }
}

/** The request id as JSON text, integers as written (asMessage keeps their text). */
export function requestIdJson(message: Message): string {
  const id = message.id;
  if (typeof id === 'string') return JSON.stringify(id);
  return numberFact(message, 'id')?.text ?? String(id);
}

const MEMBERS = ['id', 'method', 'params', 'result', 'error'] as const;

/**
 * The message without what serde ignores (unknown members, `"params": null`),
 * when it is one of the four JSON-RPC shapes. The SDK's guards are strict about
 * extra members; the published server's Rust structs are not.
 */
function asMessage(value: unknown): Record<string, unknown> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const source = value as Record<string, unknown>;
  const message: Record<string, unknown> = { jsonrpc: source.jsonrpc };
  for (const member of MEMBERS) {
    if (
      Object.prototype.hasOwnProperty.call(source, member) &&
      !(member === 'params' && source.params === null)
    ) {
      message[member] = source[member];
    }
  }
  // Keep the number facts: the id is echoed as written. An integer id is any i64,
  // beyond what the SDK's guards (safe integers) take.
  const facts = (source as { [NUMBERS]?: unknown })[NUMBERS];
  if (facts) Object.defineProperty(message, NUMBERS, { value: facts, enumerable: false });
  const id = numberFact(source, 'id');
  if (typeof message.id === 'number' && id && id.kind !== 'f64' && !Number.isSafeInteger(message.id)) {
    if (BigInt(id.text) > I64_MAX) return null;
    message.id = 0;
  }
  const isMessage =
    isJSONRPCRequest(message) ||
    isJSONRPCNotification(message) ||
    isJSONRPCResultResponse(message) ||
    isJSONRPCErrorResponse(message);
  return isMessage ? message : null;
}
