/** Why storing or reading documents, or a job of them, fails. */
export enum DocumentErrorReason {
  /** No document of this id the key may see. */
  DocumentNotFound = 'document.not_found',
  /** No job of this id the key may see. */
  JobNotFound = 'document.job_not_found',
  /** A document body or query parameter that does not fit. */
  InvalidInput = 'document.invalid_input',
  /** The key may not write documents of the classification. */
  ClassificationDenied = 'document.classification_denied',
  /** The classification is not (or no longer) one of the pipeline's. */
  UnknownClassification = 'document.unknown_classification',
  /** The text splitter named does not exist. */
  UnknownSplitter = 'document.unknown_splitter',
  /** A chunk size and overlap that do not fit together. */
  InvalidSplitterOverrides = 'document.invalid_splitter_overrides',
  /** The document has no text to split. */
  NoText = 'document.no_text',
  /** The pipeline's models or full text changed while the documents were embedded. */
  ModelsChanged = 'document.models_changed',
  /** An embedding model failed, or answered vectors of the wrong size. */
  EmbeddingFailed = 'document.embedding_failed',
  /** The job's key may no longer store anything in the pipeline. */
  KeyRefused = 'document.key_refused',
}
