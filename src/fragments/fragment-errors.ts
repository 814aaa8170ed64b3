/** Why a question about fragments is refused. */
export enum FragmentErrorReason {
  /** A metadata filter that does not fit its grammar or bounds. */
  InvalidFilter = 'fragment.invalid_filter',
}
