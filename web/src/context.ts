import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Abilities } from './session';

export const AbilitiesContext = createContext<Abilities | null>(null);

/** What the signed-in key may do; only used inside the signed-in layout. */
export function useAbilities(): Abilities {
  const abilities = useContext(AbilitiesContext);
  if (!abilities) throw new Error('useAbilities outside the signed-in console');
  return abilities;
}
