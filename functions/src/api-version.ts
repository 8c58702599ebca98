/**
 * The contract's version: `info.version` of the OpenAPI document, in semver. Its major moves with
 * every breaking change, which CHANGELOG.md names with what an app does about it; `npm run release`
 * publishes the document at this version as openapi/released.json, the baseline the next change is
 * checked against (scripts/api-compat.mjs). The typed client carries the same version.
 */
export const API_VERSION = '1.0.0';
