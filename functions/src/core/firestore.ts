/**
 * Collection names in one place, so a rename is one edit and the rules, the indexes and the code
 * cannot drift apart silently (test/deployment checks the rules name these collections); and
 * typed references to them, so that a document is read as its type without a cast at each read.
 */
import type { CollectionReference, DocumentData, DocumentReference, DocumentSnapshot, FirestoreDataConverter, Timestamp } from 'firebase-admin/firestore';
import { db } from './firebase';

/** A stored date as the API writes dates (ISO 8601), or null when there is none. */
export const isoOrNull = (value: Timestamp | null | undefined): string | null => value?.toDate().toISOString() ?? null;

export const COLLECTIONS = {
  /** `users/{uid}`: profile, role, app, block flag. */
  users: 'users',
  /** `users/{uid}/pushTokens/{sha256(token)}`: device tokens for push notifications. */
  pushTokens: 'pushTokens',
  /** `telephones/{app}_{e164}`: makes a telephone unique per app; holds the owner's uid. */
  telephones: 'telephones',
  /** `userSettings/{uid}`: language, currency, notification toggles. */
  userSettings: 'userSettings',
  /** `referralCodes/{CODE}`: the agent owning a referral code. */
  referralCodes: 'referralCodes',
  /**
   * `claims/{scope}_{key}_{generation}`: who won a race many users run at once (a delivery offer, a
   * driver request), taken with a create precondition (core/claims; TTL on `expireAt`).
   */
  claims: 'claims',
  /** `rateLimits/{scope}_{client}_{windowStart}`: shared request counters (TTL on `expireAt`). */
  rateLimits: 'rateLimits',
  /** `rateLimits/{counter}/rateLimitSlots/{n}`: the requests a limit let through in its window, one slot each (TTL on `expireAt`). */
  rateLimitSlots: 'rateLimitSlots',
  /** `passwordResets/{app}_{e164}`: the current one-time code of an account, as an HMAC. */
  passwordResets: 'passwordResets',
  /** `otpMessages/{messageId}`: delivery statuses of the messages that carried codes. */
  otpMessages: 'otpMessages',
  /** `phoneProofs/{uid}`: the current code proving an account's telephone, as an HMAC (same shape as a reset). */
  phoneProofs: 'phoneProofs',
  /** `webSessions/{uuid}`: web dashboard sessions (TTL on `expireAt`). */
  webSessions: 'webSessions',
  /** `uploads/{sha256(path)}`: every stored file, its owner and when the clean-up looks at it next. */
  uploads: 'uploads',
  /** `uploadQuotas/{uid}_{day}`: files stored by a user in a business day. */
  uploadQuotas: 'uploadQuotas',
  /** `articles/{id}`: listings. */
  articles: 'articles',
  /**
   * `stockGenerations/{articleId}`: a part's current generation of units (catalog/stock): its number,
   * how many unit slots it has, and whether orders sold them all. Beside the listing, so that a
   * paying order checks the generation in its transaction without locking the listing.
   */
  stockGenerations: 'stockGenerations',
  /**
   * `stockUnits/{articleId}_{generation}_{n}`: unit n of a part's generation, taken by an order's
   * payment with a create precondition (catalog/stock); kept while the generation lasts (no TTL: a
   * held unit is the record of its sale).
   */
  stockUnits: 'stockUnits',
  /**
   * `articleViews/{articleId}_{viewer}_{day}`: one view per viewer, listing and day; and
   * `{articleId}_ip_{address}_{day}_{slot}`: the anonymous views an address counted that day.
   */
  articleViews: 'articleViews',
  /** `articleViewShards/{articleId}_{shard}`: a listing's view count, in shards summed on read. */
  articleViewShards: 'articleViewShards',
  /** `publicites/{id}`: paid boosts of listings. */
  publicites: 'publicites',
  /** `pricing/{name}`: admin price lists (`publicite`, ...). */
  pricing: 'pricing',
  /** `payments/{id}`: payments through the aggregator, with their history and effects. */
  payments: 'payments',
  /** `paymentKeys/{sha256(user:key)}`: Idempotency-Key of a payment request. */
  paymentKeys: 'paymentKeys',
  /**
   * `paymentAllocations/{paymentId}`: what a payment's ledger entries add up to and which they are,
   * kept with each of them (payments/allocations.ts), read by id instead of querying the ledgers.
   */
  paymentAllocations: 'paymentAllocations',
  /** `subscriptions/{uid}_{kind}`: paid access of sellers and forwarders; `credits/{paymentId}` below. */
  subscriptions: 'subscriptions',
  /** `wallets/{uid}`: base balance, debt and monthly counters; `transactions/{type}_{reference}` and `balanceShards/{n}` below. */
  wallets: 'wallets',
  /** `wallets/{uid}/transactions/{type}_{reference}`: the wallet's ledger, one entry per business fact. */
  walletTransactions: 'transactions',
  /** `wallets/{uid}/balanceShards/{0..9}`: credits landed since the wallet was last read whole (wallet/shards.ts). */
  walletShards: 'balanceShards',
  /** `achats/{id}`: purchases of listings. */
  achats: 'achats',
  /** `chauffeurDemandes/{id}`: buyers' requests for a driver. */
  chauffeurDemandes: 'chauffeurDemandes',
  /** `commandes/{id}`: orders of parts, with their lines (one per article) and status history. */
  commandes: 'commandes',
  litiges: 'litiges',
  /** `invoices/{source}_{id}`: invoices, one per paid order. */
  invoices: 'invoices',
  /** `invoiceCounters/{YYYYMMDD}`: the last invoice number of a business day. */
  invoiceCounters: 'invoiceCounters',
  /** `verifications/{paymentId}`: paid verification requests of listings. */
  verifications: 'verifications',
  /** `verificationHandovers/{articleId}_{buyerUid}`: the buyer got the vehicle (delivered, or transferred); its reports can no longer be refused. */
  verificationHandovers: 'verificationHandovers',
  /** `transitMissions/{articleId}_{buyerUid}`: one journey per (article, buyer). */
  transitMissions: 'transitMissions',
  /** `transitaireVerifications/{uid}`: a forwarder's verification file and its decision. */
  transitaireVerifications: 'transitaireVerifications',
  /** `transitaireReviews/{forwarderUid}_{buyerUid}`: one review per buyer and forwarder. */
  transitaireReviews: 'transitaireReviews',
  /**
   * `transitaireDirectory/{uid}`: a forwarder's entry in the buyers' list: review counters and
   * average, company and countries served, verification and subscription end, `listed` flag.
   */
  transitaireDirectory: 'transitaireDirectory',
  /** `users/{uid}/realtime/{eventId}`: server events a user's app listens to (TTL on `expireAt`). */
  realtime: 'realtime',
  /** `users/{uid}/notifications/{id}`: in-app notifications, id from the event (TTL on `expireAt`). */
  notifications: 'notifications',
  /** `adminMessages/{id}`: admin broadcasts and where their delivery stands. */
  adminMessages: 'adminMessages',
  /** `reconciliationReports/{YYYY-MM-DD}`: the daily check of the money invariant (domains/admin/reconciliation), admins only. */
  reconciliationReports: 'reconciliationReports',
  /** `agents/{uid}`: a commercial agent's record (type, zone, referral code) and its running totals. */
  agents: 'agents',
  /** `agentDays/{agentId}_{YYYY-MM-DD}`: an agent's day (business time zone): journal and daily counters. */
  agentDays: 'agentDays',
  /** `agentEarnings/{type}_{reference}`: what an agent earned (or withdrew), once per business fact. */
  agentEarnings: 'agentEarnings',
  /** `agentTallies/{fact}_{id}`: a fact counted on an agent's counters (an advertisement asked for...), so it counts once. */
  agentTallies: 'agentTallies',
  /**
   * `agentPeriods/{period}_{periodKey}_{agentId}`: an agent's counters of a day, an ISO week or a
   * month (business time zone) and its leaderboard `score`, moved with its day.
   */
  agentPeriods: 'agentPeriods',
  /** `agentStats/all`, `all_{n}`: every agent's running totals summed, in shards, moved with each agent's (the admin consolidated statistics). */
  agentStats: 'agentStats',
  /** `referrals/{referredUid}`: the agent who brought a user, and whether that user paid yet. */
  referrals: 'referrals',
  /** `agentHeldCommissions/{paymentId}`: a referred user's commission waiting for its telephone proof. */
  agentHeldCommissions: 'agentHeldCommissions',
  /** `demoEvents/{eventType}_{sessionKey}`: a demonstration event of a session, and when it was last seen (the dedup window). */
  demoEvents: 'demoEvents',
  /** `demoCooldowns/{agentId}_{uid}`: when a demonstration of this user last counted for this agent (the cooldown). */
  demoCooldowns: 'demoCooldowns',
  /** `events/{type}_{key}`: the outbox of domain events, written in the transaction that caused them. */
  events: 'events',
  /** `eventRuns/{eventId}__{subscriber}`: one subscriber's run of one event: lease, attempts, done or parked. */
  eventRuns: 'eventRuns',
  /** `chatRooms/{sha256(context:participants)}`: a room, its participants, unread counters per participant. */
  chatRooms: 'chatRooms',
  /** `chatRooms/{roomId}/messages/{id}`: a room's messages (clients listen to them; only participants, firestore.rules). */
  chatMessages: 'messages',
  /** `chatUnread/{uid}`: a user's unread chat messages over all its rooms. */
  chatUnread: 'chatUnread',
  /** `deliveryZones/{id}`: delivery zones (polygon, price per km, minimum and maximum fee, cities). */
  deliveryZones: 'deliveryZones',
  /** `deliveryZoneCount/all`: how many delivery zones exist, kept with each creation and deletion (DELIVERY_ZONES_MAX). */
  deliveryZoneCount: 'deliveryZoneCount',
  /** `deliveries/{source}_{id}`: one delivery per order (or purchase): pickups, destination, fee, courier, status history. */
  deliveries: 'deliveries',
  /** `deliveryOffers/{deliveryId}_{livreurUid}`: a delivery offered to one courier in one round (the courier reads its own). */
  deliveryOffers: 'deliveryOffers',
  /** `deliveryTracking/{deliveryId}`: the assigned courier's last position, read by the delivery's parties only. */
  deliveryTracking: 'deliveryTracking',
  /** `courierAccepts/{uid}`: a courier's last accept; its accepts and location writes read it by id (logistics/deliveries/model.ts). */
  courierAccepts: 'courierAccepts',
  /** `livreurs/{uid}`: a courier's presence: online flag, position, its geohash and its search cell (core/nearby), last location write. */
  livreurs: 'livreurs',
  /** `tricycleDrivers/{uid}`: a tricycle driver's published status, position, geohash and search cell. */
  tricycleDrivers: 'tricycleDrivers',
  /**
   * `nearbyCells/{kind}/{kind}_{cell}/{uid}`: the nearby-search index of `kind` (`livreur`,
   * `tricycle`), one collection per geohash cell (core/nearby, CELL_PRECISION) holding a member per
   * searchable courier or driver, with what the search answers (core/nearby-members), written with
   * its presence document. The `{kind}` documents are never written. Each cell's collection has its
   * own id on purpose: the Firestore emulator scans every document of a collection id for a query
   * (all `members` subcollections together), so a shared id would bring back the scan it avoids.
   */
  nearbyCells: 'nearbyCells',
  /** `tricycleContacts/{id}`: a buyer's contact request to a tricycle driver (`initiated` -> `accepted` -> `closed`). */
  tricycleContacts: 'tricycleContacts',
  /** `counters/{scope}__{period}__{shard}`: counters kept by event subscribers for dashboards (core/counters). */
  counters: 'counters',
  /** `counterRuns/{eventId}__{subscriber}`: an event counted once by a counting subscriber (TTL on `expireAt`). */
  counterRuns: 'counterRuns',
  /**
   * `counterRollups/{group}__{day or month}__v{late count}`: a closed day's or month's counter
   * values summed once (core/counter-rollups), never changed; a late bump makes a new version.
   */
  counterRollups: 'counterRollups',
  /** `counterLate/{group}__{YYYY-MM}`: bumps that landed on days that may be rolled up already (core/counters). */
  counterLate: 'counterLate',
  /** `storedDocuments/{kind}_{recordId}[_{part}]`: the register of private files kept for someone (core/stored-documents). */
  storedDocuments: 'storedDocuments',
  /** `templateNotices/{eventId}`: notices to send through a messaging template (WhatsApp), sent by the `sendTemplateNotices` trigger. */
  templateNotices: 'templateNotices',
  /**
   * `auditTrail/{id}`: the append-only trail of admin actions that move money, change a role or
   * block an account (core/audit), written in the transaction of the change; read by superAdmins
   * through `GET /api/admin/audit`, never updated or deleted.
   */
  auditTrail: 'auditTrail',
  /** Emulator only: what the local messaging and push drivers would have sent. */
  localMessages: 'localMessages',
  localPushes: 'localPushes',
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/**
 * A converter that names the type of a collection's documents and changes nothing: documents are
 * written and read as they are (the model types hold Firestore values, Timestamps included). The
 * one unchecked step from stored data to `T` is here, instead of an `as` at every read.
 */
export function typed<T>(): FirestoreDataConverter<T> {
  return {
    toFirestore: (value) => value as DocumentData,
    fromFirestore: (snapshot) => snapshot.data() as T,
  };
}

/**
 * The collection `name`, top level or under `parent` (`users/{uid}/notifications`), whose
 * snapshots, queries and transactions read `T`.
 */
export function collection<T>(name: CollectionName, parent?: DocumentReference): CollectionReference<T> {
  return (parent ?? db()).collection(name).withConverter(typed<T>());
}

/**
 * Several documents in one read, in the order of `refs`. Firestore.getAll is declared for untyped
 * references only (Transaction.getAll is generic, it is not), but its snapshots are built with
 * each reference's converter: the casts restore the type the SDK keeps at run time.
 */
export async function getAll<T>(refs: DocumentReference<T>[]): Promise<DocumentSnapshot<T>[]> {
  if (refs.length === 0) return [];
  return (await db().getAll(...(refs as unknown as DocumentReference[]))) as unknown as DocumentSnapshot<T>[];
}
