/** Every migration, in order. Append only: a released migration is never edited. */
import { Initial1764470000000 } from './1764470000000-Initial';
import { DefaultCatalogue1764470100000 } from './1764470100000-DefaultCatalogue';
import { McpSessionKeys1764481000000 } from './1764481000000-McpSessionKeys';

export const MIGRATIONS = [Initial1764470000000, DefaultCatalogue1764470100000, McpSessionKeys1764481000000];
