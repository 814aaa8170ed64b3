/**
 * The tools' arguments, deserialized as the published server's Rust structs
 * are (serde over serde_json::Value), so a wrong argument produces the page's
 * texts: `missing field `pipeline_id``, `invalid type: string "5", expected u16`,
 * `unknown variant `vector`, expected one of ...`. Unknown arguments are ignored.
 *
 * The shapes are read off the published input schemas:
 *
 *   GetPipelines               { limit: Option<usize>, offset: Option<usize>, query: Option<String> }
 *   GetPipelineClassifications { pipeline_id: String }
 *   SearchKnowledge            { pipeline_id: String, embedding_model_id: Option<String>, query: String,
 *                                classifications: Vec<String>, #[serde(flatten)] search: Search }
 *   Search, tagged by "type":  Query | Similarity(Params) | Search(Params2) | Hybrid(Params3)
 *                              | Mmr(Params4) | History(Params5), each ParamsN { params: Option<Placeholder...> }
 *
 * Arguments arrive as a serde_json::Map, which iterates its keys in sorted
 * order; serde reports the first failing field in that order, then missing
 * fields in declaration order, then the flattened enum.
 */
import {
  deF64,
  deOption,
  deString,
  deStruct,
  deUnsigned,
  deUuid,
  deVariant,
  deVecOfStrings,
  missingField,
  Slot,
  slotOf,
  sortedEntries,
} from './wire/serde-de';

export const SEARCH_TYPES = ['query', 'similarity', 'search', 'hybrid', 'mmr', 'history'] as const;
export type PublishedSearchType = (typeof SEARCH_TYPES)[number];

export interface GetPipelinesArgs {
  limit: number | null;
  offset: number | null;
  query: string | null;
}

export interface GetPipelineClassificationsArgs {
  pipelineId: string;
}

/** One search type's parameters as the published structs name them, fields in serialization (alphabetical) order. */
type PlaceholderWire = {
  embedding?: string | null;
  fetch_k?: number;
  k: number;
  lambda_mult?: number | null;
  threshold?: number | null;
};

/** One search type's parameters after deserialization. */
export interface PlaceholderParams {
  embedding?: string | null;
  fetchK?: number;
  k: number;
  lambdaMult?: number | null;
  threshold?: number | null;
}

export interface SearchKnowledgeArgs {
  pipelineId: string;
  embeddingModelId: string | null;
  query: string;
  classifications: string[];
  type: PublishedSearchType;
  /** null when the call has no `params` (or `params: null`): the type's published defaults apply. */
  params: PlaceholderParams | null;
}

type Arguments = Record<string, unknown>;
const root = (args: Arguments): Slot => ({ parent: null, key: '', value: args });

export function getPipelinesArgs(args: Arguments): GetPipelinesArgs {
  const fields = deStruct<GetPipelinesArgs>(root(args), 'GetPipelines', {
    limit: (slot) => deOption(slot, (s) => deUnsigned(s, 'usize')),
    offset: (slot) => deOption(slot, (s) => deUnsigned(s, 'usize')),
    query: (slot) => deOption(slot, deString),
  });
  return { limit: fields.limit ?? null, offset: fields.offset ?? null, query: fields.query ?? null };
}

export function getPipelineClassificationsArgs(args: Arguments): GetPipelineClassificationsArgs {
  const fields = deStruct<{ pipeline_id: string }>(root(args), 'GetPipelineClassifications', {
    pipeline_id: deString,
  });
  if (fields.pipeline_id === undefined) throw missingField('pipeline_id');
  return { pipelineId: fields.pipeline_id };
}

const u16 = (slot: Slot) => deUnsigned(slot, 'u16');
const optionalF64 = (slot: Slot) => deOption(slot, deF64);
const optionalUuid = (slot: Slot) => deOption(slot, deUuid);

/** The parameter struct of each search type (`query` has none), with serde's defaults. */
const PARAMETER_STRUCTS: Record<
  Exclude<PublishedSearchType, 'query'>,
  { name: string; fields: Record<string, (slot: Slot) => unknown>; defaults: PlaceholderWire }
> = {
  similarity: {
    name: 'PlaceholderParameterSimilarity',
    fields: { embedding: optionalUuid, k: u16, threshold: optionalF64 },
    defaults: { embedding: null, k: 0, threshold: null },
  },
  search: {
    name: 'PlaceholderParameterSearch',
    fields: { k: u16, threshold: optionalF64 },
    defaults: { k: 0, threshold: null },
  },
  hybrid: {
    name: 'PlaceholderParameterHybrid',
    fields: { embedding: optionalUuid, k: u16 },
    defaults: { embedding: null, k: 0 },
  },
  mmr: {
    name: 'PlaceholderParameterMmr',
    fields: {
      embedding: optionalUuid,
      fetch_k: u16,
      k: u16,
      lambda_mult: optionalF64,
      threshold: optionalF64,
    },
    defaults: { embedding: null, fetch_k: 0, k: 0, lambda_mult: null, threshold: null },
  },
  history: {
    name: 'PlaceholderParameterHistory',
    fields: { k: u16 },
    defaults: { k: 0 },
  },
};

export function searchKnowledgeArgs(args: Arguments): SearchKnowledgeArgs {
  let pipelineId: string | undefined;
  let embeddingModelId: string | null = null;
  let query: string | undefined;
  let classifications: string[] | undefined;
  const rest: Arguments = {};
  for (const key of sortedEntries(args)) {
    const slot = slotOf(args, key);
    if (key === 'pipeline_id') pipelineId = deString(slot);
    else if (key === 'embedding_model_id') embeddingModelId = deOption(slot, deString);
    else if (key === 'query') query = deString(slot);
    else if (key === 'classifications') classifications = deVecOfStrings(slot);
    else rest[key] = args[key];
  }
  if (pipelineId === undefined) throw missingField('pipeline_id');
  if (query === undefined) throw missingField('query');
  if (classifications === undefined) throw missingField('classifications');

  // The flattened, internally tagged enum reads what the named fields left.
  if (!Object.prototype.hasOwnProperty.call(rest, 'type')) throw missingField('type');
  const type = deVariant(slotOf(args, 'type'), SEARCH_TYPES) as PublishedSearchType;
  let params: PlaceholderParams | null = null;
  if (type !== 'query' && Object.prototype.hasOwnProperty.call(rest, 'params')) {
    const struct = PARAMETER_STRUCTS[type];
    params = deOption(slotOf(args, 'params'), (slot) =>
      placeholderParams({
        ...struct.defaults,
        ...(deStruct(slot, struct.name, struct.fields) as Partial<PlaceholderWire>),
      }),
    );
  }
  return {
    pipelineId,
    embeddingModelId,
    query,
    classifications,
    type,
    params,
  };
}

/** The published struct's fields in Trove's names (only those the struct has). */
function placeholderParams(wire: PlaceholderWire): PlaceholderParams {
  const { fetch_k: fetchK, lambda_mult: lambdaMult, ...rest } = wire;
  return {
    ...rest,
    ...(fetchK === undefined ? {} : { fetchK }),
    ...(lambdaMult === undefined ? {} : { lambdaMult }),
  };
}
