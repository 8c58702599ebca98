/**
 * What other domains use of the catalog. Only the path schema of identity-card files so far (the
 * forwarder verification names them); the services join this surface when the calls between
 * domains become events (issue 12). Other domains import `domains/catalog`, never its files.
 */
export { KycPath } from './upload-schemas';
