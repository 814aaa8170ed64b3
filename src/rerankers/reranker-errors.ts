/** Why an operation on rerankers, or a call of one, fails. */
export enum RerankerErrorReason {
  /** No reranker of this id. */
  NotFound = 'reranker.not_found',
  /** Another reranker has the name. */
  NameTaken = 'reranker.name_taken',
  /** Pipelines use the reranker as their default. */
  InUse = 'reranker.in_use',
  /** A reranker's provider, endpoint or model that do not fit. */
  InvalidConfig = 'reranker.invalid_config',
  /** The reranker's answer is not a ranking of the passages sent. */
  UnusableAnswer = 'reranker.unusable_answer',
}
