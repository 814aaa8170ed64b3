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
import { JsonSyntaxError, parseJson } from '../wire/serde-json';

export const NOT_A_MESSAGE = 'data did not match any variant of untagged enum JsonRpcMessage';

export type ParsedMessage = { message: Record<string, unknown> } | { reason: string };

export function parseMessage(body: Uint8Array): ParsedMessage {
  try {
    const parsed = parseJson(body);
    const value = parsed.value;
    const isMessage =
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      (isJSONRPCRequest(value) ||
        isJSONRPCNotification(value) ||
        isJSONRPCResultResponse(value) ||
        isJSONRPCErrorResponse(value));
    if (!isMessage) return { reason: NOT_A_MESSAGE };
    parsed.end();
    return { message: value as Record<string, unknown> };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { reason: error.message };
    throw error;
  }
}
