/**
 * What other domains use of the catalog: listings read and sold, a part's units taken by orders and
 * given back, their public visibility, the forwarders' identity-card files, and the uploads of
 * other domains' private images (a courier's handover photo) through the upload ledger. Other
 * domains import `domains/catalog`, never its files (the lint's boundaries/domain-via-index);
 * reactions to the catalog go through its events.
 */
export { KycPath } from './uploads/schemas';
export { cardLinks, cardProblem, identityCardFile } from './kyc/service';
export { getArticle } from './listing-view';
export { prepareSale, prepareUnsale } from './sale';
export { giveBackUnits, type HeldUnits, prepareStockReturn, prepareUnitsSold, takeUnits } from './stock/service';
export { isPublic, isReadableByAll } from './visibility';
export { keepForChat, releaseUpload, uploadKeeper, uploadOwner } from './uploads/ledger';
export { ACCEPTED_TYPES, readUpload, storePrivateImage } from './media';
export { latestVerificationStatus } from './inspection/buyer';
