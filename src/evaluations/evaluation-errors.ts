/** Why an evaluation request fails. */
export enum EvaluationErrorReason {
  /** No evaluation of this id the key may see. */
  NotFound = 'evaluation.not_found',
  /** The evaluation has no query at this position. */
  QueryNotFound = 'evaluation.query_not_found',
  /** The query has not been searched yet. */
  NotSearchedYet = 'evaluation.not_searched_yet',
  /** An evaluation body that does not fit. */
  InvalidInput = 'evaluation.invalid_input',
}
