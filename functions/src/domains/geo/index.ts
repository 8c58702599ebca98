/**
 * What other domains use of geo: the country and point schemas of their requests, and the one
 * form of a telephone number. Other domains import `domains/geo`, never its files (ARCHITECTURE.md).
 */
export { CountryCode, GeoPoint, QueryLatitude, QueryLongitude, TelephoneInput } from './schemas';
export { e164Of, type NormalizedTelephone, normalizeTelephone, syntheticEmail } from './telephone';

export { distanceKm, type LatLng } from './distance';
export { type Position, servedCountryAt } from './land';
export { type BoundingBox, inBox, inRing, MAX_ZONE_POINTS, type Outline, type OutlineProblem, outlineOf } from './outline';
