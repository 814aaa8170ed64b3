import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** What the answers' `meta` blocks report about the request. */
export interface RequestInfo {
  requestId: string;
  /** Milliseconds since the epoch when the handler started. */
  startedAt: number;
  userAgent: string | undefined;
}

export const Request = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestInfo => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  const agent = request.headers['user-agent'];
  return { requestId: request.id, startedAt: Date.now(), userAgent: Array.isArray(agent) ? agent[0] : agent };
});

/** `{requestId, timestamp, duration}` (RequestMeta and its siblings). */
export function metaOf(info: RequestInfo) {
  return {
    requestId: info.requestId,
    timestamp: new Date().toISOString(),
    duration: Math.max(0, Date.now() - info.startedAt),
  };
}
