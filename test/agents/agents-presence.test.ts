/**
 * docs/guides/agents.md, Commercial agents, "Presence only on land of a served country": a position earns the
 * presence bonus only on the land of a country of `GET /api/geo/countries` (Natural Earth borders,
 * within AGENT_PRESENCE_COAST_TOLERANCE_M of the coast) and, when the app gives an accuracy, one no
 * worse than AGENT_PRESENCE_MAX_ACCURACY_M; the journal still records the day and the answer says
 * why no bonus. The backfill applies the same rule.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { COUNTRIES } from '../../functions/src/domains/geo/countries';
import { BORDER_IDS, servedCountryAt, servedOutlines } from '../../functions/src/domains/geo/served-land';
import { createUser, type TestUser } from '../helpers/accounts';
import { createAgent, type TestAgent } from '../helpers/agents';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';

restoreSettingsAndClockAfterEach();

const COTONOU = { lat: 6.3654, lng: 2.4183 };
const PORTO_NOVO = { lat: 6.4969, lng: 2.6283 };
const LOME = { lat: 6.1319, lng: 1.2228 };
const ABIDJAN_PLATEAU = { lat: 5.3236, lng: -4.0202 };
const NULL_ISLAND = { lat: 0, lng: 0 };
const OFF_COTONOU = { lat: 6.0, lng: 2.4 };
/** About 450 m south of Cotonou's coast as the 1:50m borders draw it (6.341 at this longitude): sea on the map, a beach in the tolerance. */
const COTONOU_SHORE = { lat: 6.337, lng: 2.4183 };

let admin: TestUser;
beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('admin');
});

const daily = async (agent: TestAgent, body: unknown) => (await api()).post('/api/agents/me/daily').set(bearer(agent.token)).send(body as object);
const earningsOf = async (agent: TestAgent) => (await db().collection(COLLECTIONS.agentEarnings).where('agentId', '==', agent.uid).get()).docs.map((doc) => doc.id);
const balance = async (agent: TestAgent) => (await (await api()).get('/api/wallet/me').set(bearer(agent.token))).body.data.balance;
const day = async (agent: TestAgent, dateKey: string) => (await db().collection(COLLECTIONS.agentDays).doc(`${agent.uid}_${dateKey}`).get()).data();

describe('the borders of the served countries', () => {
  it('has borders for every country of GET /api/geo/countries', () => {
    expect(Object.keys(BORDER_IDS).sort()).toEqual(COUNTRIES.map((country) => country.iso).sort());
    expect(servedOutlines().map((outline) => outline.iso).sort()).toEqual(COUNTRIES.map((country) => country.iso).sort());
  });

  it('puts the coastal cities on land and (0,0) and the sea off Cotonou off it', () => {
    expect(servedCountryAt(COTONOU, 0)).toBe('BJ');
    expect(servedCountryAt(PORTO_NOVO, 0)).toBe('BJ');
    expect(servedCountryAt(LOME, 0)).toBe('TG');
    expect(servedCountryAt(ABIDJAN_PLATEAU, 0)).toBe('CI');
    expect(servedCountryAt({ lat: 48.8566, lng: 2.3522 }, 0)).toBe('FR');
    for (const tolerance of [0, 1000, 20_000]) {
      expect(servedCountryAt(NULL_ISLAND, tolerance)).toBeNull();
      expect(servedCountryAt(OFF_COTONOU, tolerance)).toBeNull();
    }
    // Land, but of no served country (Spain): not a presence.
    expect(servedCountryAt({ lat: 40.4168, lng: -3.7038 }, 1000)).toBeNull();
  });

  it('lets the coast tolerance take a beach the generalized map puts in the sea', () => {
    expect(servedCountryAt(COTONOU_SHORE, 0)).toBeNull();
    expect(servedCountryAt(COTONOU_SHORE, 1000)).toBe('BJ');
  });
});

describe('POST /api/agents/me/daily', () => {
  it('records a position at (0,0) with no bonus and says why; a coastal city later the same day earns', async () => {
    frozenClock(new Date('2026-11-22T09:00:00Z'));
    const agent = await createAgent(admin, 'Market');
    const sea = await daily(agent, { zone: 'Golfe', zoneLocation: NULL_ISLAND });
    expect(sea.status).toBe(200);
    expect(sea.body.data).toMatchObject({ dateKey: '2026-11-22', zoneLocation: NULL_ISLAND, dailyBonusCredited: false, bonusCreditedNow: false, bonusRefusedReason: 'hors_zone' });
    expect(await day(agent, '2026-11-22')).toMatchObject({ zone: 'Golfe', zoneLocation: NULL_ISLAND, presenceRefusedReason: 'hors_zone' });
    expect(await earningsOf(agent)).toEqual([]);
    expect(await balance(agent)).toBe(0);

    const offshore = await daily(agent, { zoneLocation: OFF_COTONOU });
    expect(offshore.body.data).toMatchObject({ bonusCreditedNow: false, bonusRefusedReason: 'hors_zone' });

    const city = await daily(agent, { zoneLocation: COTONOU });
    expect(city.body.data).toMatchObject({ dailyBonusCredited: true, bonusCreditedNow: true, bonusRefusedReason: null, dailyPresenceBonusXof: 2000 });
    expect(await earningsOf(agent)).toEqual([`daily_presence_${agent.uid}_2026-11-22`]);
    expect(await balance(agent)).toBe(2000);
  });

  it('pays a presence in each coastal city of the served countries', async () => {
    frozenClock(new Date('2026-11-23T09:00:00Z'));
    for (const place of [PORTO_NOVO, LOME, ABIDJAN_PLATEAU]) {
      const agent = await createAgent(admin, 'Market_pro');
      const res = await daily(agent, { zoneLocation: { ...place, accuracy: 12 } });
      expect({ place, data: res.body.data }).toMatchObject({ place, data: { bonusCreditedNow: true, bonusRefusedReason: null } });
    }
  });

  it('pays nothing for an accuracy worse than AGENT_PRESENCE_MAX_ACCURACY_M, and follows the setting', async () => {
    frozenClock(new Date('2026-11-24T09:00:00Z'));
    const agent = await createAgent(admin, 'Market');
    const coarse = await daily(agent, { zoneLocation: { ...COTONOU, accuracy: 500 } });
    expect(coarse.body.data).toMatchObject({ bonusCreditedNow: false, dailyBonusCredited: false, bonusRefusedReason: 'precision_insuffisante' });
    expect(await day(agent, '2026-11-24')).toMatchObject({ zoneLocation: COTONOU, zoneAccuracyM: 500, presenceRefusedReason: 'precision_insuffisante' });
    expect(await balance(agent)).toBe(0);
    const limit = await daily(agent, { zoneLocation: { ...COTONOU, accuracy: 200 } });
    expect(limit.body.data).toMatchObject({ bonusCreditedNow: true, bonusRefusedReason: null });

    useSettings({ AGENT_PRESENCE_MAX_ACCURACY_M: '600' });
    const lenient = await createAgent(admin, 'Market');
    expect((await daily(lenient, { zoneLocation: { ...COTONOU, accuracy: 500 } })).body.data).toMatchObject({ bonusCreditedNow: true });
  });

  it('takes a position on the beach within AGENT_PRESENCE_COAST_TOLERANCE_M, and not with a tolerance of 0', async () => {
    frozenClock(new Date('2026-11-25T09:00:00Z'));
    const beach = await createAgent(admin, 'Market');
    expect((await daily(beach, { zoneLocation: COTONOU_SHORE })).body.data).toMatchObject({ bonusCreditedNow: true });
    useSettings({ AGENT_PRESENCE_COAST_TOLERANCE_M: '0' });
    const strict = await createAgent(admin, 'Market');
    expect((await daily(strict, { zoneLocation: COTONOU_SHORE })).body.data).toMatchObject({ bonusCreditedNow: false, bonusRefusedReason: 'hors_zone' });
  });

  it('refuses a bad accuracy with VALIDATION_ERROR and writes nothing', async () => {
    frozenClock(new Date('2026-11-26T09:00:00Z'));
    const agent = await createAgent(admin, 'Market');
    for (const zoneLocation of [{ ...COTONOU, accuracy: -5 }, { ...COTONOU, accuracy: 0 }, { ...COTONOU, accuracy: '10' }, { ...COTONOU, accuracy: null }, { ...COTONOU, precision: 10 }]) {
      const res = await daily(agent, { zoneLocation });
      expect({ zoneLocation, status: res.status, code: res.body.code }).toEqual({ zoneLocation, status: 400, code: 'VALIDATION_ERROR' });
    }
    expect(await day(agent, '2026-11-26')).toBeUndefined();
    expect(await earningsOf(agent)).toEqual([]);
  });
});

describe('the presence backfill', () => {
  it('credits a day whose position earns, and leaves (0,0) and a coarse position without a bonus', async () => {
    frozenClock(new Date('2026-11-28T09:00:00Z'));
    const [land, sea, coarse] = await Promise.all([createAgent(admin, 'Market'), createAgent(admin, 'Market'), createAgent(admin, 'Market')]);
    const at = new Date('2026-11-27T09:00:00Z');
    const journal = (agent: TestAgent, zoneLocation: { lat: number; lng: number }, zoneAccuracyM: number | null) =>
      db().collection(COLLECTIONS.agentDays).doc(`${agent.uid}_2026-11-27`).set({ agentId: agent.uid, dateKey: '2026-11-27', zoneLocation, zoneAccuracyM, locatedAt: at, updatedAt: at });
    // Journals whose bonus was never credited (the agent's call died between its two writes, say).
    await Promise.all([journal(land, COTONOU, null), journal(sea, NULL_ISLAND, null), journal(coarse, LOME, 5000)]);
    const res = await (await api()).post('/api/agents/admin/backfill-daily-presence').set(bearer(admin.token)).send({ date: '2026-11-27' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ dateKey: '2026-11-27', scanned: 3, missing: 3, credited: 1, refused: 2 });
    expect(await earningsOf(land)).toEqual([`daily_presence_${land.uid}_2026-11-27`]);
    expect(await earningsOf(sea)).toEqual([]);
    expect(await earningsOf(coarse)).toEqual([]);
    const again = await (await api()).post('/api/agents/admin/backfill-daily-presence').set(bearer(admin.token)).send({ date: '2026-11-27' });
    expect(again.body.data).toMatchObject({ credited: 0, refused: 2 });
  });
});
