/**
 * A full-text query in web-search syntax, as BM25 search reads it: plain words are
 * wanted (a fragment that holds any of them matches, and the ranking decides);
 * `"quoted phrases"` must be there as phrases; `-word` and `-"a phrase"` must not; `or`
 * between phrases lets any one of them do. Words are left as the user wrote them: the
 * pipeline's text search configuration makes lexemes of them in SQL
 * (full-text.repository.ts), so stemming and stop words are the database's own.
 */

export interface WebQuery {
  /** Every word and phrase asked for, as written: what the ranking scores. */
  wanted: string[];
  /** Groups of phrases a fragment must satisfy, each by holding one of the group's phrases. */
  required: string[][];
  /** Words and phrases a fragment must not hold. */
  excluded: { text: string; phrase: boolean }[];
}

interface Item {
  text: string;
  phrase: boolean;
  negated: boolean;
}

export function parseWebQuery(query: string): WebQuery {
  const items: (Item | 'or')[] = [];
  let i = 0;
  while (i < query.length) {
    if (/\s/.test(query[i])) {
      i++;
      continue;
    }
    let negated = false;
    if (query[i] === '-' && i + 1 < query.length && !/\s/.test(query[i + 1])) {
      negated = true;
      i++;
    }
    if (query[i] === '"') {
      // An unclosed quote runs to the end, as websearch_to_tsquery reads it.
      const close = query.indexOf('"', i + 1);
      const end = close === -1 ? query.length : close;
      const text = query.slice(i + 1, end).trim();
      if (text !== '') items.push({ text, phrase: true, negated });
      i = end + 1;
      continue;
    }
    let end = i;
    while (end < query.length && !/\s/.test(query[end]) && query[end] !== '"') end++;
    const text = query.slice(i, end);
    i = end;
    if (!negated && text.toLowerCase() === 'or') items.push('or');
    else items.push({ text, phrase: false, negated });
  }

  const parsed: WebQuery = { wanted: [], required: [], excluded: [] };
  // Items joined by `or` form a group; a group of phrases only is required.
  let group: Item[] = [];
  const close = () => {
    if (group.length === 0) return;
    parsed.wanted.push(...group.map((item) => item.text));
    if (group.every((item) => item.phrase)) parsed.required.push(group.map((item) => item.text));
    group = [];
  };
  for (let j = 0; j < items.length; j++) {
    const item = items[j];
    if (item === 'or') continue;
    if (item.negated) {
      parsed.excluded.push({ text: item.text, phrase: item.phrase });
      continue;
    }
    const joined = j > 0 && items[j - 1] === 'or' && group.length > 0;
    if (!joined) close();
    group.push(item);
  }
  close();
  return parsed;
}
