/**
 * The SQL of `mayAccess` (src/pipelines/classification-access.ts): a condition on a
 * classification column that holds only for the classifications a key may access
 * (`allowed`; null: every classification). For the repositories of every table whose
 * rows carry a classification.
 */
export function allowedSql(column: string, allowed: string[] | null, params: unknown[]): string {
  if (allowed === null) return 'TRUE';
  params.push(allowed);
  return `${column} = ANY($${params.length}::text[])`;
}
