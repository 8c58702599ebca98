/**
 * The agent's daily journal (`agentDays/{agentId}_{day}`): where it works that day, its GPS
 * position, its prospect counter. A day's first position that earns (presence.ts: inside the agent's
 * zone when it has one, on the land of a served country, accurate enough) credits the presence bonus (`daily_presence`,
 * AGENT_DAILY_PRESENCE_BONUS_XOF) once per agent and business day: its earning's id is the agent and
 * the day, written in the transaction that records the position, so any number of calls, at once or
 * not, credit it once. A position that does not earn is recorded all the same, with the reason.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { runTransaction } from '../../../core/firebase';
import { credit } from '../earnings';
import { agentRef, type DayFields, dayRef, writeDay, writeTotals } from '../repository';
import type { Daily, DailyRequest, ProspectCount } from '../schemas';
import { today } from '../service';
import { presenceRefusal } from './presence';

export async function recordDaily(caller: ProfileCaller, input: z.output<typeof DailyRequest>): Promise<z.input<typeof Daily>> {
  const agentId = caller.uid;
  const dateKey = today();
  const at = now();
  const located = input.zoneLocation;
  // Decided before the transaction: the borders are CPU work, not to be repeated by its retries. The
  // area is the one set when the call is read (an admin's change at the same moment applies to the next call).
  const area = located ? (await agentRef(agentId).get()).data()?.presenceZone : undefined;
  const refusal = located ? await presenceRefusal(located, located.accuracy, area) : null;
  const fields: DayFields = {
    ...(input.zone !== undefined ? { zone: input.zone } : {}),
    ...(located
      ? { zoneLocation: { lat: located.lat, lng: located.lng }, zoneAccuracyM: located.accuracy ?? null, locatedAt: Timestamp.fromDate(at), presenceRefusedReason: refusal }
      : {}),
  };
  const bonus = config().AGENT_DAILY_PRESENCE_BONUS_XOF;
  const ref = dayRef(agentId, dateKey);
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    const creditedNow = located && !refusal
      ? await credit(tx, {
          agentId,
          type: 'daily_presence',
          reference: `${agentId}_${dateKey}`,
          montant: bonus,
          description: `Bonus de présence du ${dateKey}`,
          dateKey,
          dayFields: fields,
        })
      : false;
    if (!creditedNow) writeDay(tx, agentId, dateKey, {}, fields, at);
    const day = { ...current, ...fields, ...(creditedNow ? { dailyBonusCredited: true, dailyPresenceBonusXof: bonus } : {}) };
    const credited = day.dailyBonusCredited ?? false;
    return {
      dateKey,
      zone: day.zone ?? null,
      zoneLocation: day.zoneLocation ?? null,
      prospectsApproached: day.prospectsApproached ?? 0,
      dailyBonusCredited: credited,
      dailyPresenceBonusXof: day.dailyPresenceBonusXof ?? 0,
      bonusCreditedNow: creditedNow,
      bonusRefusedReason: credited ? null : (day.presenceRefusedReason ?? null),
    };
  });
}

/** One more prospect approached today: an increment in a transaction that makes the day if needed. */
export async function incrementProspects(caller: ProfileCaller): Promise<z.input<typeof ProspectCount>> {
  const agentId = caller.uid;
  const dateKey = today();
  const at = now();
  const ref = dayRef(agentId, dateKey);
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    writeDay(tx, agentId, dateKey, { prospectsApproached: 1 }, {}, at);
    writeTotals(tx, agentId, { prospectsApproached: 1 }, at);
    return { dateKey, prospectsApproached: (current?.prospectsApproached ?? 0) + 1 };
  });
}
