/**
 * Which document each write of a batch versions.
 *
 * An external id names, for the writing key, only the documents with that external id
 * whose current classification the key may access: the others do not exist for it, so a
 * write never replaces or expires a version the key may not read, and its answer is the
 * same whether or not such a document exists. Several documents can therefore share an
 * external id (one per set of keys that cannot see each other's), and a key that sees
 * several of them merges them: the oldest gets the new version, the others are expired,
 * so the external id names one live document again for that key.
 */
export interface ExistingDocument {
  id: string;
  external_id: string;
}

export interface WriteTargets {
  /** Per write, in input order: the id of the document it versions, or a new id. */
  ids: string[];
  /** Documents the writes make redundant: to expire. */
  superseded: string[];
}

/** `existing`: the documents with the batch's external ids the key may access, oldest first. */
export function resolveWriteTargets(
  externalIds: (string | null)[],
  existing: ExistingDocument[],
  newId: () => string,
): WriteTargets {
  const named = new Map<string, string>();
  const superseded: string[] = [];
  for (const doc of existing) {
    if (named.has(doc.external_id)) superseded.push(doc.id);
    else named.set(doc.external_id, doc.id);
  }
  const ids = externalIds.map((externalId) => {
    if (externalId === null) return newId();
    let id = named.get(externalId);
    if (id === undefined) named.set(externalId, (id = newId()));
    return id;
  });
  return { ids, superseded };
}
