/**
 * The catalogue's records as other modules receive them from CatalogueService: an
 * embedding model (each vector embedding of a pipeline carries one) and a text splitter.
 */

export interface EmbeddingModel {
  id: string;
  name: string;
  provider: string;
  size: number;
  parameters: Record<string, unknown>;
  description: string | null;
  created_at: Date;
}

export interface TextSplitter {
  id: string;
  provider: string;
  parameters: Record<string, unknown>;
  description: string | null;
  created_at: Date;
}
