/**
 * What other domains use of the catalog: listings read and sold, a part's units taken by orders and
 * given back, their public visibility, and the forwarders' identity-card files. Other domains import `domains/catalog`, never its files (the
 * lint's boundaries/domain-via-index); reactions to the catalog go through its events.
 */
export { KycPath } from './uploads/schemas';
export { cardLinks, cardProblem, identityCardFile } from './kyc/service';
export { getArticle, prepareSale } from './service';
export { giveBackUnits, type HeldUnits, prepareStockReturn, prepareUnitsSold, takeUnits } from './stock/service';
export { isPublic, isReadableByAll } from './visibility';
export { keepForChat, releaseUpload, uploadKeeper, uploadOwner } from './uploads/ledger';
export { latestVerificationStatus } from './verification/buyer';
