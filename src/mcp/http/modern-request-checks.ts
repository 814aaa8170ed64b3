/**
 * What the 2026-07-28 revision asks of a request beyond its JSON-RPC shape:
 * the per-request `_meta` envelope, and the standard headers that must agree
 * with the body. The rules and texts are the SDK's, where the page is silent.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  isSpecType,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import type { FastifyRequest } from 'fastify';
import { MODERN_PROTOCOL_VERSION } from '../mcp-dispatcher';
import { JsonRpcError, RpcCode } from '../mcp-errors';
import { isObject, Message } from './parse-message';
import { first } from './replies';

function metaOf(message: Message): Record<string, unknown> | undefined {
  const params = message.params;
  return isObject(params) && isObject(params._meta) ? params._meta : undefined;
}

/** Whether the message claims the 2026-07-28 per-request envelope. */
export function envelopeClaim(message: Message): boolean {
  const meta = metaOf(message);
  return meta !== undefined && PROTOCOL_VERSION_META_KEY in meta;
}

/** The required `_meta` keys of 2026-07-28 that are missing or malformed, in the revision's order. */
function malformedEnvelopeKeys(message: Message): string[] {
  const meta = metaOf(message) ?? {};
  const keys: string[] = [];
  if (typeof meta[PROTOCOL_VERSION_META_KEY] !== 'string') keys.push(PROTOCOL_VERSION_META_KEY);
  if (
    !isObject(meta[CLIENT_CAPABILITIES_META_KEY]) ||
    !isSpecType.ClientCapabilities(meta[CLIENT_CAPABILITIES_META_KEY])
  ) {
    keys.push(CLIENT_CAPABILITIES_META_KEY);
  }
  return keys.length > 0 ? keys : ['_meta'];
}

/** The answer to a message whose envelope is missing or malformed. */
export function envelopeError(message: Message): JsonRpcError {
  return new JsonRpcError(
    RpcCode.InvalidParams,
    `request _meta is missing or has malformed required fields: ${malformedEnvelopeKeys(message).join(', ')}`,
  );
}

const NAME_SOURCES: Record<string, string> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};
const BASE64_CANONICAL = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function decodeHeaderValue(value: string): string | undefined {
  if (!(value.startsWith('=?base64?') && value.endsWith('?='))) return value;
  const b64 = value.slice(9, -2);
  if (!BASE64_CANONICAL.test(b64)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(b64, 'base64'));
  } catch {
    return undefined;
  }
}

/**
 * 2026-07-28 requires MCP-Protocol-Version and Mcp-Method on every request,
 * and Mcp-Name mirroring params.name on tools/call (the SDK's rules and texts).
 */
export function standardHeaderMismatch(
  method: string,
  params: unknown,
  headers: FastifyRequest['headers'],
): JsonRpcError | null {
  const mismatch = (header: string, body: string) =>
    new JsonRpcError(RpcCode.HeaderMismatch, `Bad Request: the request headers and body disagree: ${body}`, {
      mismatch: { header, body },
    });
  if (first(headers['mcp-protocol-version']) === undefined) {
    return mismatch(
      '(missing)',
      `the body envelope names protocol version ${MODERN_PROTOCOL_VERSION} but the required MCP-Protocol-Version header is absent`,
    );
  }
  if (first(headers['mcp-method']) === undefined) {
    return mismatch(
      '(missing)',
      `the body names method ${method} but the required Mcp-Method header is absent`,
    );
  }
  const field = NAME_SOURCES[method];
  if (field === undefined) return null;
  const bodyValue =
    isObject(params) && typeof params[field] === 'string' ? (params[field] as string) : undefined;
  const nameHeader = first(headers['mcp-name'])?.trim();
  if (nameHeader === undefined) {
    return bodyValue === undefined
      ? null
      : mismatch(
          '(missing)',
          `the body carries params.${field}="${bodyValue}" but the required Mcp-Name header is absent`,
        );
  }
  const decoded = decodeHeaderValue(nameHeader);
  if (decoded === undefined)
    return mismatch(nameHeader, 'the Mcp-Name header carries an invalid Base64 sentinel value');
  if (bodyValue !== undefined && decoded !== bodyValue) {
    return mismatch(
      nameHeader,
      `the body carries params.${field}="${bodyValue}" but the Mcp-Name header names "${decoded}"`,
    );
  }
  return null;
}
