/**
 * Path ids: `@UuidParam('id', 'pipeline id') id: string` hands the handler a
 * lower-cased UUID, or answers a malformed one with a 422 naming it (through the
 * edge's error filter), never a 500 or a database error.
 */
import { Param, PipeTransform } from '@nestjs/common';
import { requireUuid } from './ids';

export class UuidPipe implements PipeTransform<unknown, string> {
  constructor(private readonly field: string) {}

  transform(value: unknown): string {
    return requireUuid(value, this.field);
  }
}

/** A path parameter that must be a UUID; `field` names it in the error. */
export const UuidParam = (name: string, field: string): ParameterDecorator =>
  Param(name, new UuidPipe(field));
