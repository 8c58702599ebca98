/**
 * Whether a position lies on the land of a served country. The borders are a data set of about
 * 750 kB (served-land.ts): imported on the first question only, so a function that never asks
 * (every one but the agents' and the jobs') never loads it.
 */
import type { Position } from './served-land';

export type { Position } from './served-land';

/** The ISO code of the served country whose land holds the position (within `toleranceM` metres), or null. */
export async function servedCountryAt(point: Position, toleranceM: number): Promise<string | null> {
  const land = await import('./served-land');
  return land.servedCountryAt(point, toleranceM);
}
