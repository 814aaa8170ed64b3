/** Why an embedding model cannot be defined or used. */
export enum EmbeddingErrorReason {
  /** An embedding model's parameters that do not fit its provider. */
  InvalidModel = 'embedding.invalid_model',
  /** The environment variable the model reads its API key from is not set. */
  ApiKeyMissing = 'embedding.api_key_missing',
}
