/**
 * The classification of an upload whose caller names none (the Guided Mind page's
 * upload tools have no such parameter).
 *
 * A classification decides who reads a document, so the default must never widen
 * an audience: it is the pipeline's narrowest classification among those the key
 * may write, the one no other classification inherits (in a hierarchy pair
 * `[a, b]`, readers of `a` also read `b`, so `b` has the wider audience). When
 * that is not one classification (two unrelated ones, or none), the caller has
 * to choose, and is told the choices.
 */
import { Classifications, expandClassifications } from '../pipelines/classification-hierarchy';

/** The pipeline's classifications and inheritance pairs, and what the key may write. */
export interface ClassificationChoice extends Classifications {
  /** What the key may write: null for all of them. */
  allowed: string[] | null;
}

export type DefaultClassification = { classification: string } | { problem: string };

export function defaultClassification(choice: ClassificationChoice): DefaultClassification {
  const writable = choice.classifications.filter(
    (name) => choice.allowed === null || choice.allowed.includes(name),
  );
  if (writable.length === 0) {
    return { problem: 'classification: this key may write no classification of the pipeline' };
  }
  // A writable classification another writable one reads (transitively) has the wider audience.
  const wider = new Set(
    writable.flatMap((name) =>
      expandClassifications([name], choice, 'hierarchical').filter((other) => other !== name),
    ),
  );
  const narrowest = writable.filter((name) => !wider.has(name));
  if (narrowest.length === 1) return { classification: narrowest[0] };
  const options = (narrowest.length > 0 ? narrowest : writable).join(', ');
  return {
    problem: `classification: the pipeline has several classifications this key may write (${options}); pass the one the document should have`,
  };
}
