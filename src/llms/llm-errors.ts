/** Why an operation on LLMs, or a call of one, fails. */
export enum LlmErrorReason {
  /** No LLM of this id. */
  NotFound = 'llm.not_found',
  /** Another LLM has the name. */
  NameTaken = 'llm.name_taken',
  /** Another LLM was made the default at the same moment. */
  DefaultRaced = 'llm.default_raced',
  /** An LLM's provider, endpoint, model or parameters that do not fit. */
  InvalidConfig = 'llm.invalid_config',
  /** The request is larger than the model accepts. */
  TooLarge = 'llm.too_large',
  /** The provider's content filter blocked the request or the answer. */
  ContentFiltered = 'llm.content_filtered',
  /** The provider is rate limiting Trove or out of quota. */
  RateLimited = 'llm.rate_limited',
  /** No usable LLM: none configured, or the selected one cannot start. */
  Unusable = 'llm.unusable',
  /** The model failed to answer. */
  Failed = 'llm.failed',
}
