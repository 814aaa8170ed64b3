/**
 * Validation of the free-form `parameters` objects that embedding providers and text
 * splitters accept. Every message names the offending field as the client wrote it
 * (`parameters.<name>`), because the client only sees the message, not our code.
 *
 * `null` counts as "not given": JSON clients often send `"dimensions": null` to mean
 * "no value", and refusing that would only teach them to delete keys.
 */
import { invalid } from '../common/errors';
import { EmbeddingErrorReason } from './embedding-errors';

export type Parameters = Record<string, unknown>;

/**
 * The parameters as an object, with unknown keys refused: a typo such as `baseurl`
 * would otherwise be stored silently and the default used in its place.
 */
export function parameterObject(value: unknown, allowed: readonly string[], owner: string): Parameters {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalid(EmbeddingErrorReason.InvalidModel, 'parameters must be an object');
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw invalid(
        EmbeddingErrorReason.InvalidModel,
        `parameters.${key} is not a parameter of ${owner}; expected ${allowed.join(', ')}`,
      );
    }
  }
  return value as Parameters;
}

const given = (params: Parameters, name: string) => params[name] !== undefined && params[name] !== null;

export function integerParameter(
  params: Parameters,
  name: string,
  range: { min: number; max: number; fallback: number },
): number {
  return optionalIntegerParameter(params, name, range) ?? range.fallback;
}

export function optionalIntegerParameter(
  params: Parameters,
  name: string,
  range: { min: number; max: number },
): number | undefined {
  if (!given(params, name)) return undefined;
  const value = params[name];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > range.max) {
    throw invalid(
      EmbeddingErrorReason.InvalidModel,
      `parameters.${name} must be an integer from ${range.min} to ${range.max}`,
    );
  }
  return value;
}

export function booleanParameter(params: Parameters, name: string, fallback: boolean): boolean {
  if (!given(params, name)) return fallback;
  const value = params[name];
  if (typeof value !== 'boolean')
    throw invalid(EmbeddingErrorReason.InvalidModel, `parameters.${name} must be true or false`);
  return value;
}

/** A string parameter; `required` refuses it missing or blank. */
export function stringParameter(
  params: Parameters,
  name: string,
  options: { required: true; maxLength?: number },
): string;
export function stringParameter(
  params: Parameters,
  name: string,
  options?: { required?: false; maxLength?: number },
): string | undefined;
export function stringParameter(
  params: Parameters,
  name: string,
  options: { required?: boolean; maxLength?: number } = {},
): string | undefined {
  if (!given(params, name)) {
    if (options.required) throw invalid(EmbeddingErrorReason.InvalidModel, `parameters.${name} is required`);
    return undefined;
  }
  const value = params[name];
  if (typeof value !== 'string')
    throw invalid(EmbeddingErrorReason.InvalidModel, `parameters.${name} must be a string`);
  if (options.required && value.trim() === '')
    throw invalid(EmbeddingErrorReason.InvalidModel, `parameters.${name} must not be empty`);
  if (options.maxLength !== undefined && value.length > options.maxLength) {
    throw invalid(
      EmbeddingErrorReason.InvalidModel,
      `parameters.${name} must be at most ${options.maxLength} characters`,
    );
  }
  return value;
}
