/**
 * DOMAIN.md, Fair exchange, "Agents' zones": "An admin gives each agent a zone as an area (a centre and a radius, or a
 * polygon); the presence bonus needs a position inside it (and on land). An agent without an area keeps the land
 * rule and its dashboard says the zone is not set." Admin levels set and clear the area
 * (`PUT` / `DELETE /api/agents/{id}/zone`, audited); a position outside it earns no bonus
 * (`bonusRefusedReason: 'hors_zone_attribuee'`), in the agent's call and in the backfill alike.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, type TestUser } from '../helpers/accounts';
import { createAgent, type TestAgent } from '../helpers/agents';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, restoreSettingsAndClockAfterEach } from '../helpers/settings';

restoreSettingsAndClockAfterEach();

const COTONOU = { lat: 6.3654, lng: 2.4183 };
const PORTO_NOVO = { lat: 6.4969, lng: 2.6283 };
const PARIS = { lat: 48.8566, lng: 2.3522 };
/** About 7 km south of the centre below, 4 km off the coast: inside the circle, at sea. */
const SEA_OFF_COTONOU = { lat: 6.3, lng: 2.4183 };
/** Cotonou and its surroundings, 10 km around the Étoile Rouge. */
const COTONOU_CIRCLE = { centre: COTONOU, rayonM: 10_000 };
/** Greater Cotonou as a polygon (Porto-Novo lies outside). */
const GRAND_COTONOU = { polygone: [{ lat: 6.33, lng: 2.33 }, { lat: 6.33, lng: 2.48 }, { lat: 6.42, lng: 2.48 }, { lat: 6.42, lng: 2.33 }] };
const NOT_SET = { statut: 'non_definie', centre: null, rayonM: null, polygone: null, definedAt: null, definedBy: null };

let admin: TestUser;
let principal: TestUser;
beforeAll(async () => {
  await resetEmulators();
  [admin, principal] = await Promise.all([createUser('admin'), createUser('principal')]);
});

const daily = async (agent: TestAgent, body: unknown) => (await api()).post('/api/agents/me/daily').set(bearer(agent.token)).send(body as object);
const setZone = async (who: TestUser, agentId: string, body: unknown) => (await api()).put(`/api/agents/${agentId}/zone`).set(bearer(who.token)).send(body as object);
const clearZone = async (who: TestUser, agentId: string) => (await api()).delete(`/api/agents/${agentId}/zone`).set(bearer(who.token));
const readZone = async (who: TestUser, agentId: string) => (await api()).get(`/api/agents/${agentId}/zone`).set(bearer(who.token));
const dashboard = async (agent: TestAgent) => (await (await api()).get('/api/agents/me/dashboard').set(bearer(agent.token))).body.data;
const earningsOf = async (agent: TestAgent) => (await db().collection(COLLECTIONS.agentEarnings).where('agentId', '==', agent.uid).get()).docs.map((doc) => doc.id);
const balance = async (agent: TestAgent) => (await dashboard(agent)).stats.currentBalance;
const record = async (agent: TestAgent) => (await db().collection(COLLECTIONS.agents).doc(agent.uid).get()).data();
const day = async (agent: TestAgent, dateKey: string) => (await db().collection(COLLECTIONS.agentDays).doc(`${agent.uid}_${dateKey}`).get()).data();
const audited = async (agent: TestAgent) =>
  (await db().collection(COLLECTIONS.auditTrail).where('target.id', '==', agent.uid).get()).docs
    .map((doc) => doc.data())
    .filter((entry) => String(entry.action).startsWith('agent.zone_'))
    .sort((a, b) => a.at.toMillis() - b.at.toMillis());

describe('an agent without an area (the land rule until an admin sets one)', () => {
  it('earns on the land of a served country, and its dashboard says the zone is not set', async () => {
    frozenClock(new Date('2026-12-01T09:00:00Z'));
    const agent = await createAgent(admin, 'Market');
    expect((await dashboard(agent)).agent.presenceZone).toEqual(NOT_SET);
    expect((await readZone(admin, agent.uid)).body.data).toEqual(NOT_SET);
    // France is a served country: without an area, Paris is land that earns.
    const paris = await daily(agent, { zoneLocation: PARIS });
    expect(paris.body.data).toMatchObject({ bonusCreditedNow: true, bonusRefusedReason: null, dailyPresenceBonusXof: 2000 });
    const other = await createAgent(admin, 'Market');
    expect((await daily(other, { zoneLocation: { lat: 0, lng: 0 } })).body.data).toMatchObject({ bonusCreditedNow: false, bonusRefusedReason: 'hors_zone' });
  });
});

describe('an agent with an area', () => {
  it('is refused the bonus in Paris when its area is around Cotonou (hors_zone_attribuee), and credited inside it', async () => {
    frozenClock(new Date('2026-12-02T09:00:00Z'));
    const agent = await createAgent(admin, 'Market_pro');
    const set = await setZone(admin, agent.uid, COTONOU_CIRCLE);
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ statut: 'definie', centre: COTONOU, rayonM: 10_000, polygone: null, definedAt: '2026-12-02T09:00:00.000Z', definedBy: admin.uid });
    expect((await dashboard(agent)).agent.presenceZone).toEqual(set.body.data);

    const paris = await daily(agent, { zone: 'Paris', zoneLocation: PARIS });
    expect(paris.status).toBe(200);
    expect(paris.body.data).toMatchObject({ zoneLocation: PARIS, dailyBonusCredited: false, bonusCreditedNow: false, bonusRefusedReason: 'hors_zone_attribuee' });
    expect(await day(agent, '2026-12-02')).toMatchObject({ zoneLocation: PARIS, presenceRefusedReason: 'hors_zone_attribuee' });
    expect(await earningsOf(agent)).toEqual([]);
    expect(await balance(agent)).toBe(0);
    const porto = await daily(agent, { zoneLocation: PORTO_NOVO });
    expect(porto.body.data).toMatchObject({ bonusCreditedNow: false, bonusRefusedReason: 'hors_zone_attribuee' });
    // The admin's monitor says why too.
    const monitor = await (await api()).get(`/api/agents/${agent.uid}/pro-monitor`).set(bearer(admin.token));
    expect(monitor.body.data[0]).toMatchObject({ dateKey: '2026-12-02', presenceRefusedReason: 'hors_zone_attribuee', dailyBonusCredited: false });

    const inside = await daily(agent, { zoneLocation: { ...COTONOU, accuracy: 20 } });
    expect(inside.body.data).toMatchObject({ dailyBonusCredited: true, bonusCreditedNow: true, bonusRefusedReason: null, dailyPresenceBonusXof: 2000 });
    expect(await earningsOf(agent)).toEqual([`daily_presence_${agent.uid}_2026-12-02`]);
    expect(await balance(agent)).toBe(2000);
  });

  it('takes a polygon: inside earns, outside does not', async () => {
    frozenClock(new Date('2026-12-03T09:00:00Z'));
    const agent = await createAgent(admin, 'Market');
    const set = await setZone(admin, agent.uid, GRAND_COTONOU);
    expect(set.body.data).toMatchObject({ statut: 'definie', centre: null, rayonM: null, polygone: GRAND_COTONOU.polygone });
    expect((await daily(agent, { zoneLocation: PORTO_NOVO })).body.data).toMatchObject({ bonusCreditedNow: false, bonusRefusedReason: 'hors_zone_attribuee' });
    expect((await daily(agent, { zoneLocation: COTONOU })).body.data).toMatchObject({ bonusCreditedNow: true, bonusRefusedReason: null });
  });

  it('keeps the land and accuracy rules inside the area', async () => {
    frozenClock(new Date('2026-12-04T09:00:00Z'));
    const agent = await createAgent(admin, 'Market');
    await setZone(admin, agent.uid, COTONOU_CIRCLE);
    expect((await daily(agent, { zoneLocation: SEA_OFF_COTONOU })).body.data).toMatchObject({ bonusCreditedNow: false, bonusRefusedReason: 'hors_zone' });
    expect((await daily(agent, { zoneLocation: { ...COTONOU, accuracy: 500 } })).body.data).toMatchObject({ bonusCreditedNow: false, bonusRefusedReason: 'precision_insuffisante' });
    expect(await earningsOf(agent)).toEqual([]);
  });
});

describe('PUT and DELETE /api/agents/{id}/zone', () => {
  it('sets, replaces and clears the area, each change audited; cleared, the land rule is back', async () => {
    const later = frozenClock(new Date('2026-12-05T09:00:00Z'));
    const agent = await createAgent(admin, 'Market');
    expect((await setZone(admin, agent.uid, COTONOU_CIRCLE)).status).toBe(200);
    later(60_000);
    expect((await setZone(principal, agent.uid, GRAND_COTONOU)).status).toBe(200);
    expect((await readZone(admin, agent.uid)).body.data).toMatchObject({ statut: 'definie', polygone: GRAND_COTONOU.polygone, definedBy: principal.uid });
    later(60_000);
    const cleared = await clearZone(admin, agent.uid);
    expect([cleared.status, cleared.body.data]).toEqual([200, NOT_SET]);
    expect((await dashboard(agent)).agent.presenceZone).toEqual(NOT_SET);
    // Clearing again changes nothing and audits nothing.
    expect((await clearZone(admin, agent.uid)).body.data).toEqual(NOT_SET);
    const entries = await audited(agent);
    expect(entries.map((entry) => [entry.action, entry.actor.uid, entry.target])).toEqual([
      ['agent.zone_set', admin.uid, { collection: 'agents', id: agent.uid }],
      ['agent.zone_set', principal.uid, { collection: 'agents', id: agent.uid }],
      ['agent.zone_cleared', admin.uid, { collection: 'agents', id: agent.uid }],
    ]);
    expect(entries[0]).toMatchObject({ before: { presenceZone: null }, after: { presenceZone: { centre: COTONOU, rayonM: 10_000 } } });
    expect(entries[1]).toMatchObject({ before: { presenceZone: { centre: COTONOU, rayonM: 10_000 } }, after: { presenceZone: { polygone: GRAND_COTONOU.polygone } } });
    expect(entries[2]).toMatchObject({ before: { presenceZone: { polygone: GRAND_COTONOU.polygone } }, after: { presenceZone: null } });
    // Without an area, Porto-Novo (land, outside the old area) earns again.
    expect((await daily(agent, { zoneLocation: PORTO_NOVO })).body.data).toMatchObject({ bonusCreditedNow: true });
  });

  it('of two admins setting an area at once, both commit in turn: the last one stands, each audit entry starts from the other’s', async () => {
    const agent = await createAgent(admin, 'Market');
    const answers = await Promise.all([setZone(admin, agent.uid, COTONOU_CIRCLE), setZone(principal, agent.uid, GRAND_COTONOU)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const entries = await audited(agent);
    expect(entries).toHaveLength(2);
    const first = entries.find((entry) => entry.before.presenceZone === null);
    const second = entries.find((entry) => entry !== first);
    expect(first?.after).toBeDefined();
    expect(second?.before).toEqual(first?.after);
    expect((await readZone(admin, agent.uid)).body.data.definedBy).toBe(second?.actor.uid);
  });

  it('refuses bad areas with a 400 and a stable code, and writes nothing', async () => {
    const agent = await createAgent(admin, 'Market');
    const before = await record(agent);
    const point = (lat: number, lng: number) => ({ lat, lng });
    const validation: unknown[] = [
      {},
      { centre: COTONOU },
      { rayonM: 5000 },
      { centre: COTONOU, rayonM: 99 },
      { centre: COTONOU, rayonM: 50_001 },
      { centre: COTONOU, rayonM: 2500.5 },
      { centre: COTONOU, rayonM: '5000' },
      { centre: { lat: 91, lng: 2 }, rayonM: 5000 },
      { centre: { lat: 6, lng: 181 }, rayonM: 5000 },
      { centre: { lat: 6 }, rayonM: 5000 },
      { centre: { ...COTONOU, alt: 3 }, rayonM: 5000 },
      { ...COTONOU_CIRCLE, ...GRAND_COTONOU },
      { ...COTONOU_CIRCLE, nom: 'Cotonou' },
      { polygone: [point(6.33, 2.33), point(6.33, 2.48)] },
      { polygone: Array.from({ length: 202 }, (_, i) => point(6 + Math.cos(i / 32), 2 + Math.sin(i / 32))) },
      { polygone: [point(6.33, 2.33), point(6.33, 2.48), point(95, 2.48)] },
      { polygone: 'Cotonou' },
    ];
    for (const body of validation) {
      const res = await setZone(admin, agent.uid, body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
    }
    const outlines: Array<[unknown, string]> = [
      [{ polygone: [point(6.33, 2.33), point(6.33, 2.48), point(6.42, 2.33), point(6.42, 2.48)] }, 'self_intersecting'],
      [{ polygone: [point(6.3, 2.3), point(6.4, 2.4), point(6.5, 2.5)] }, 'no_area'],
      [{ polygone: [point(6.3, 2.3), point(6.3, 2.3), point(6.4, 2.4), point(6.4, 2.4)] }, 'too_few_points'],
    ];
    for (const [body, reason] of outlines) {
      const res = await setZone(admin, agent.uid, body);
      expect({ reason, status: res.status, code: res.body.code, detail: res.body.details?.[0]?.reason }).toEqual({ reason, status: 400, code: 'AGENT_ZONE_POLYGON_INVALID', detail: reason });
    }
    const french = await setZone(admin, agent.uid, outlines[0][0]);
    expect(french.body.message).toBe('La zone d’un agent doit avoir au moins trois points distincts, entourer une surface et ne pas se croiser.');
    const english = await (await api()).put(`/api/agents/${agent.uid}/zone`).set(bearer(admin.token)).set('Accept-Language', 'en').send(outlines[0][0] as object);
    expect(english.body.message).toBe('An agent’s zone needs at least three distinct points, must enclose an area and must not cross itself.');
    expect(await record(agent)).toEqual(before);
    expect(await audited(agent)).toEqual([]);
    expect((await dashboard(agent)).agent.presenceZone).toEqual(NOT_SET);
  });

  it('answers AGENT_NOT_FOUND for another user’s id or an id that is no document id, and refuses agents and other roles', async () => {
    const [agent, buyer] = await Promise.all([createAgent(admin, 'Market'), createUser('acheteur')]);
    for (const id of [buyer.uid, 'no-such-agent', '__proto__']) {
      for (const call of [() => setZone(admin, id, COTONOU_CIRCLE), () => clearZone(admin, id), () => readZone(admin, id)]) {
        const res = await call();
        expect({ id, status: res.status, code: res.body.code }).toEqual({ id, status: 404, code: 'AGENT_NOT_FOUND' });
      }
    }
    expect((await db().collection(COLLECTIONS.agents).doc(buyer.uid).get()).exists).toBe(false);
    for (const who of [agent, buyer]) {
      const res = await setZone(who, agent.uid, COTONOU_CIRCLE);
      expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN_ROLE']);
    }
    expect((await dashboard(agent)).agent.presenceZone).toEqual(NOT_SET);
  });
});

describe('the presence backfill (the same rule)', () => {
  it('credits a position inside the agent’s area or on land for an agent without one, and refuses Paris to a Cotonou agent', async () => {
    frozenClock(new Date('2026-12-07T09:00:00Z'));
    const [inside, outside, free] = await Promise.all([createAgent(admin, 'Market'), createAgent(admin, 'Market'), createAgent(admin, 'Market')]);
    await setZone(admin, inside.uid, COTONOU_CIRCLE);
    await setZone(admin, outside.uid, COTONOU_CIRCLE);
    const at = new Date('2026-12-06T09:00:00Z');
    const journal = (agent: TestAgent, zoneLocation: { lat: number; lng: number }) =>
      db().collection(COLLECTIONS.agentDays).doc(`${agent.uid}_2026-12-06`).set({ agentId: agent.uid, dateKey: '2026-12-06', zoneLocation, zoneAccuracyM: null, locatedAt: at, updatedAt: at });
    await Promise.all([journal(inside, COTONOU), journal(outside, PARIS), journal(free, PARIS)]);
    const res = await (await api()).post('/api/agents/admin/backfill-daily-presence').set(bearer(admin.token)).send({ date: '2026-12-06' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ dateKey: '2026-12-06', scanned: 3, missing: 3, credited: 2, refused: 1 });
    expect(await earningsOf(inside)).toEqual([`daily_presence_${inside.uid}_2026-12-06`]);
    expect(await earningsOf(outside)).toEqual([]);
    expect(await earningsOf(free)).toEqual([`daily_presence_${free.uid}_2026-12-06`]);
  });
});
