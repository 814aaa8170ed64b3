/** Why an operation on embedding models or text splitters fails. */
export enum CatalogueErrorReason {
  /** No embedding model of this id. */
  EmbeddingModelNotFound = 'catalogue.embedding_model_not_found',
  /** No text splitter of this id. */
  TextSplitterNotFound = 'catalogue.text_splitter_not_found',
  /** The model or splitter is used by pipelines or documents. */
  InUse = 'catalogue.in_use',
  /** A text splitter's provider or parameters that do not fit. */
  InvalidSplitter = 'catalogue.invalid_splitter',
}
