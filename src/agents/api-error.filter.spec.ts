import { BadRequestException, NotFoundException } from '@nestjs/common';
import { CommonErrorReason, DomainError, ErrorCode } from '../common/errors';
import { errorResponse, toApiError } from './api-error.filter';

describe('the agents API error edge', () => {
  it.each([
    [ErrorCode.InvalidArgument, 400, 'VALIDATION_ERROR'],
    [ErrorCode.BadRequest, 400, 'HTTP_BAD_REQUEST'],
    [ErrorCode.Unauthenticated, 401, 'HTTP_UNAUTHORIZED'],
    [ErrorCode.Forbidden, 403, 'HTTP_FORBIDDEN'],
    [ErrorCode.NotFound, 404, 'HTTP_NOT_FOUND'],
    [ErrorCode.Conflict, 409, 'HTTP_CONFLICT'],
    [ErrorCode.PayloadTooLarge, 413, 'HTTP_PAYLOAD_TOO_LARGE'],
    [ErrorCode.ContentFiltered, 422, 'HTTP_UNPROCESSABLE_ENTITY'],
    [ErrorCode.FailedDependency, 424, 'HTTP_FAILED_DEPENDENCY'],
    [ErrorCode.RateLimited, 429, 'HTTP_TOO_MANY_REQUESTS'],
    [ErrorCode.Upstream, 500, 'HTTP_INTERNAL_SERVER_ERROR'],
    [ErrorCode.Internal, 500, 'INTERNAL_ERROR'],
    [ErrorCode.NotImplemented, 501, 'HTTP_NOT_IMPLEMENTED'],
    [ErrorCode.Unavailable, 503, 'HTTP_SERVICE_UNAVAILABLE'],
  ])('maps %s to %i %s, keeping the message', (code, status, wire) => {
    expect(toApiError(new DomainError(CommonErrorReason.InvalidInput, code, 'what happened'))).toEqual({
      status,
      code: wire,
      message: 'what happened',
    });
  });

  it('maps framework errors by status, and anything unknown to a generic INTERNAL_ERROR', () => {
    expect(toApiError(new NotFoundException('Cannot GET /api/v1/nope'))).toMatchObject({
      status: 404,
      code: 'HTTP_NOT_FOUND',
    });
    expect(toApiError(new BadRequestException('Unexpected token } in JSON'))).toMatchObject({
      status: 400,
      code: 'HTTP_BAD_REQUEST',
    });
    expect(toApiError(new Error('connection refused: secret detail'))).toEqual({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Internal Server Error',
    });
  });

  it('writes the ErrorResponse envelope, with the request id when there is one', () => {
    const error = { status: 404, code: 'HTTP_NOT_FOUND', message: 'Agent not found' };
    expect(errorResponse(error, 'req-1')).toEqual({
      error: { requestId: 'req-1', code: 'HTTP_NOT_FOUND', message: 'Agent not found' },
    });
    expect(errorResponse(error, undefined)).toEqual({
      error: { code: 'HTTP_NOT_FOUND', message: 'Agent not found' },
    });
  });
});
