/**
 * The camelCase twin of a wire type, derived from it rather than written a second time:
 * what a service hands other modules when it has no domain type of its own, so that the
 * wire's snake_case names are written once, in the edge's presenter. One level deep:
 * a nested object keeps its type (map it with its own presenter).
 */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export type Camelized<T> = { [K in keyof T as K extends string ? CamelCase<K> : K]: T[K] };
