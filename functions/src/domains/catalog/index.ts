/**
 * What other domains use of the catalog: listings read and sold, their public visibility, and the
 * forwarders' identity-card files. Other domains import `domains/catalog`, never its files (the
 * lint's boundaries/domain-via-index); reactions to the catalog go through its events.
 */
export { KycPath } from './uploads/schemas';
export { cardLinks, cardProblem, identityCardFile } from './kyc/service';
export { getArticle, prepareSale, prepareStockReturn, prepareStockTake } from './service';
export { isPublic, isReadableByAll } from './visibility';
export { keepForChat, uploadOwner } from './uploads/ledger';
export { latestVerificationStatus } from './verification/buyer';
