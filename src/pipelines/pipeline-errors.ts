import { Messages, notFound } from '../common/errors';

/** Why a pipeline's operation fails. */
export enum PipelineErrorReason {
  /** No pipeline of this id, or none the key may see. */
  NotFound = 'pipeline.not_found',
  /** The key lacks a permission the operation needs on the pipeline. */
  Forbidden = 'pipeline.forbidden',
  /** A pipeline's definition that does not hold (its models, classifications, splitter, reranker). */
  InvalidDefinition = 'pipeline.invalid_definition',
  /** Another pipeline has the name. */
  NameTaken = 'pipeline.name_taken',
  /** Classifications to remove are still used by live documents. */
  ClassificationsInUse = 'pipeline.classifications_in_use',
  /** The key may not change the classifications. */
  ClassificationsDenied = 'pipeline.classifications_denied',
}

export const pipelineNotFound = (id: string) =>
  notFound(PipelineErrorReason.NotFound, Messages.pipelineNotFound, { id });
