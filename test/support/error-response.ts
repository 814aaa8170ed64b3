import { ErrorResponse, expectSchema } from '../agents/contract/schemas';
import { ApiResponse } from './http';

/**
 * An error of the agents API (`/api/v1`, the published ErrorResponse): the status, the
 * code, the answer's own request id, and the message when one is given.
 */
export function expectErrorResponse(
  response: ApiResponse,
  status: number,
  code: string,
  message?: string | RegExp,
): void {
  expect({ status: response.status, code: response.body?.error?.code }).toEqual({ status, code });
  expectSchema(ErrorResponse, response.body);
  expect(response.body.error.requestId).toBe(response.headers.get('x-request-id'));
  if (typeof message === 'string') expect(response.body.error.message).toBe(message);
  else if (message) expect(response.body.error.message).toMatch(message);
}
