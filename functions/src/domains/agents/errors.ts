/**
 * The error codes of the agents domain (agents, referrals and their withdrawals): each with its
 * HTTP status, its messages and, in its doc comment, when it is answered (core/error-codes.ts says
 * how the tables are merged; docs/error-codes.md is generated from them). The manifest (module.ts)
 * carries the table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  /** No such referral, or one of another agent. */
  REFERRAL_NOT_FOUND: {
    status: 404,
    fr: 'Parrainage introuvable.',
    en: 'Referral not found.',
  },
  /** An agent route's `{id}` that is no agent (or not a document id). */
  AGENT_NOT_FOUND: {
    status: 404,
    fr: 'Agent introuvable.',
    en: 'Agent not found.',
  },
  /** `pro-monitor` of an agent whose `typeAgent` is not `Market_pro`. */
  AGENT_NOT_MARKET_PRO: {
    status: 409,
    fr: 'Ce suivi est réservé aux agents Market_pro.',
    en: 'This monitoring is for Market_pro agents only.',
  },
  /**
   * A withdrawal for an agent that has sold fewer than `AGENT_WITHDRAWAL_MIN_SUBSCRIPTIONS`
   * subscriptions or `AGENT_WITHDRAWAL_MIN_CAMPAIGNS` campaigns in total.
   */
  AGENT_WITHDRAWAL_TARGETS_NOT_MET: {
    status: 409,
    fr: 'Retrait impossible : l’agent doit avoir vendu au moins 4 abonnements et 4 campagnes.',
    en: 'No withdrawal yet: the agent must have sold at least 4 subscriptions and 4 campaigns.',
  },
  /**
   * An agent's zone (`PUT /api/agents/{id}/zone`) whose `polygone` has fewer than three distinct
   * points, encloses no area or crosses itself (`details[0].reason`: `too_few_points`,
   * `too_many_points`, `no_area`, `self_intersecting`).
   */
  AGENT_ZONE_POLYGON_INVALID: {
    status: 400,
    fr: 'La zone d’un agent doit avoir au moins trois points distincts, entourer une surface et ne pas se croiser.',
    en: 'An agent’s zone needs at least three distinct points, must enclose an area and must not cross itself.',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'agents', typeof errors> {}
}
