/** Every migration, in order. Append only: a released migration is never edited. */
import { Initial1764470000000 } from './1764470000000-Initial';
import { DefaultCatalogue1764470100000 } from './1764470100000-DefaultCatalogue';
import { ExternalIdsPerReader1764480000000 } from './1764480000000-ExternalIdsPerReader';
import { McpSessionKeys1764481000000 } from './1764481000000-McpSessionKeys';
import { Llms1764490000000 } from './1764490000000-Llms';
import { ApiKeyScopes1764490100000 } from './1764490100000-ApiKeyScopes';
import { Installation1764490200000 } from './1764490200000-Installation';
import { Agents1764490300000 } from './1764490300000-Agents';
import { AgentConversations1764490400000 } from './1764490400000-AgentConversations';
import { PendingFiles1764495000000 } from './1764495000000-PendingFiles';
import { AgentAttachments1764496000000 } from './1764496000000-AgentAttachments';
import { McpSessionsUnlogged1764540000000 } from './1764540000000-McpSessionsUnlogged';
import { PipelineIndexing1764570000000 } from './1764570000000-PipelineIndexing';
import { CacheGeneration1764580000000 } from './1764580000000-CacheGeneration';
import { UnitVectors1764590000000 } from './1764590000000-UnitVectors';
import { MetadataIndex1764600000000 } from './1764600000000-MetadataIndex';
import { AnswerSources1764610000000 } from './1764610000000-AnswerSources';
import { FullTextBm251764700000000 } from './1764700000000-FullTextBm25';
import { Rerankers1764710000000 } from './1764710000000-Rerankers';
import { CitationSearches1764720000000 } from './1764720000000-CitationSearches';
import { Evaluations1764730000000 } from './1764730000000-Evaluations';
import { CacheGenerationNotify1764740700001 } from './1764740700001-CacheGenerationNotify';
import { VectorIndexCoverage1764740800001 } from './1764740800001-VectorIndexCoverage';
import { OAuth1764741150000 } from './1764741150000-OAuth';
import { PersonalAccessTokens1764741200000 } from './1764741200000-PersonalAccessTokens';
import { OAuthClients1764741300000 } from './1764741300000-OAuthClients';

export const MIGRATIONS = [
  Initial1764470000000,
  DefaultCatalogue1764470100000,
  ExternalIdsPerReader1764480000000,
  McpSessionKeys1764481000000,
  Llms1764490000000,
  ApiKeyScopes1764490100000,
  Installation1764490200000,
  Agents1764490300000,
  AgentConversations1764490400000,
  PendingFiles1764495000000,
  AgentAttachments1764496000000,
  McpSessionsUnlogged1764540000000,
  PipelineIndexing1764570000000,
  CacheGeneration1764580000000,
  UnitVectors1764590000000,
  MetadataIndex1764600000000,
  AnswerSources1764610000000,
  FullTextBm251764700000000,
  Rerankers1764710000000,
  CitationSearches1764720000000,
  Evaluations1764730000000,
  CacheGenerationNotify1764740700001,
  VectorIndexCoverage1764740800001,
  OAuth1764741150000,
  PersonalAccessTokens1764741200000,
  OAuthClients1764741300000,
];
