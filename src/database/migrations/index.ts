/** Every migration, in order. Append only: a released migration is never edited. */
import { Initial1764470000000 } from './1764470000000-Initial';
import { DefaultCatalogue1764470100000 } from './1764470100000-DefaultCatalogue';
import { ExternalIdsPerReader1764480000000 } from './1764480000000-ExternalIdsPerReader';
import { PendingFiles1764495000000 } from './1764495000000-PendingFiles';

export const MIGRATIONS = [
  Initial1764470000000,
  DefaultCatalogue1764470100000,
  ExternalIdsPerReader1764480000000,
  PendingFiles1764495000000,
];
