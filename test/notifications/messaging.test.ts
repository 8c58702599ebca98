/**
 * The WhatsApp adapter against a local server that answers like the Graph API, and the messaging
 * platform's webhook: handshake, signatures, statuses, and the push fallback on a failed delivery.
 */
import { createHmac } from 'node:crypto';
import { WhatsAppChannel } from '../../functions/src/adapters/messaging/whatsapp';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { FakePartner } from '../helpers/fake-partner';
import { restoreSettings, useSettings } from '../helpers/settings';
import { pushesTo } from '../helpers/pushes';

let graph: FakePartner;
let graphUrl: string;
let nextMessageId = 0;

beforeAll(async () => {
  await resetEmulators();
  graph = new FakePartner(() => ({ body: { messaging_product: 'whatsapp', messages: [{ id: `wamid.test${++nextMessageId}` }] } }));
  graphUrl = await graph.start();
});
afterAll(() => graph.stop());
afterEach(restoreSettings);

const whatsapp = () =>
  useSettings({
    MESSAGING_DRIVER: 'whatsapp',
    WHATSAPP_API_BASE_URL: graphUrl,
    WHATSAPP_PHONE_NUMBER_ID: '1234567890',
    WHATSAPP_OTP_TEMPLATE: 'reset_code',
  });

describe('WhatsApp Cloud API adapter', () => {
  it('sends the authentication template with the code as body and copy-code button parameter', async () => {
    whatsapp();
    const { messageId } = await new WhatsAppChannel().sendOtp({ to: '+2290197000000', code: '123456', language: 'fr' });
    expect(messageId).toMatch(/^wamid\.test\d+$/);
    const request = graph.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v21.0/1234567890/messages');
    expect(request.headers.authorization).toBe('Bearer test-whatsapp-token');
    expect(JSON.parse(request.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '2290197000000',
      type: 'template',
      template: {
        name: 'reset_code',
        language: { code: 'fr' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '123456' }] },
        ],
      },
    });
  });

  it('rejects error replies and garbled replies', async () => {
    whatsapp();
    graph.answer(() => ({ status: 400, body: { error: { message: '(#131030) Recipient not in allowed list', code: 131030 } } }));
    await expect(new WhatsAppChannel().sendOtp({ to: '+2290197000000', code: '1', language: 'fr' })).rejects.toThrow(/131030/);
    graph.answer(() => ({ status: 200, body: '<html>gateway</html>' }));
    await expect(new WhatsAppChannel().sendOtp({ to: '+2290197000000', code: '1', language: 'fr' })).rejects.toThrow(/not JSON/);
    graph.answer(() => ({ body: { messages: [{ id: `wamid.test${++nextMessageId}` }] } }));
  });

  it('carries a reset code through the route and records the message for its statuses', async () => {
    whatsapp();
    const buyer = await createUser('acheteur');
    const res = await (await api()).post('/api/push-otp/request').send({ telephone: buyer.telephone });
    expect(res.body.data.channel).toBe('whatsapp');
    const sent = JSON.parse(graph.requests.at(-1)!.body);
    expect(sent.to).toBe(buyer.telephone.slice(1));
    const messageId = `wamid.test${nextMessageId}`;
    expect((await db().collection(COLLECTIONS.otpMessages).doc(messageId).get()).data()).toMatchObject({
      uid: buyer.uid,
      resetKey: `buyer_${buyer.telephone}`,
    });
  });
});

describe('GET /api/messaging/webhook', () => {
  it('echoes the challenge to the right verify token', async () => {
    const res = await (await api()).get('/api/messaging/webhook').query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'test-verify-token', 'hub.challenge': '1158201444' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('1158201444');
  });

  it.each([
    [{ 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': '1' }],
    [{ 'hub.mode': 'unsubscribe', 'hub.verify_token': 'test-verify-token', 'hub.challenge': '1' }],
    [{ 'hub.mode': 'subscribe', 'hub.challenge': '1' }],
  ])('refuses %j with 403', async (query) => {
    const res = await (await api()).get('/api/messaging/webhook').query(query);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('WEBHOOK_VERIFICATION_FAILED');
  });
});

describe('POST /api/messaging/webhook', () => {
  const sign = (raw: string, key = 'test-messaging-app-secret') => `sha256=${createHmac('sha256', key).update(raw).digest('hex')}`;
  const callback = (statuses: Array<{ id: string; status: string; timestamp?: string }>) =>
    JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: 'waba', changes: [{ field: 'messages', value: { statuses } }] }] });
  const post = async (raw: string, signature?: string) => {
    const call = (await api()).post('/api/messaging/webhook').set('Content-Type', 'application/json');
    return (signature ? call.set('X-Hub-Signature-256', signature) : call).send(raw);
  };

  it('refuses missing and wrong signatures, recording nothing', async () => {
    const raw = callback([{ id: 'wamid.unknown', status: 'sent' }]);
    expect((await post(raw)).status).toBe(401);
    const wrong = await post(raw, sign(raw, 'another-secret'));
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await post(raw, sign(`${raw} `))).status).toBe(401);
  });

  it('records statuses in any order and repeated, and ignores messages that are not ours', async () => {
    const buyer = await createUser('acheteur');
    await (await api()).post('/api/push-otp/request').send({ telephone: buyer.telephone });
    const [message] = (await db().collection(COLLECTIONS.otpMessages).where('uid', '==', buyer.uid).get()).docs;
    for (const statuses of [
      [{ id: message.id, status: 'read', timestamp: '1700000300' }],
      [{ id: message.id, status: 'sent', timestamp: '1700000100' }, { id: 'wamid.not-ours', status: 'sent', timestamp: '1' }],
      [{ id: message.id, status: 'delivered', timestamp: '1700000200' }],
      [{ id: message.id, status: 'sent', timestamp: '1700000999' }],
    ]) {
      const raw = callback(statuses);
      const res = await post(raw, sign(raw));
      expect(res.status).toBe(200);
      expect(res.body.data.statuses).toBe(statuses.length);
    }
    expect((await message.ref.get()).get('statuses')).toEqual({ sent: '1700000100', delivered: '1700000200', read: '1700000300' });
    expect((await db().collection(COLLECTIONS.otpMessages).doc('wamid.not-ours').get()).exists).toBe(false);
  });

  it('pushes a new code once when a code message failed and the fallback is on', async () => {
    useSettings({ RESET_PUSH_FALLBACK: 'true' });
    const buyer = await createUser('acheteur');
    const token = `device-of-${buyer.uid}-${'z'.repeat(20)}`;
    await (await api()).post('/api/users/me/push-tokens').set(bearer(buyer.token)).send({ token, platform: 'android' });
    await (await api()).post('/api/push-otp/request').send({ telephone: buyer.telephone });
    const [message] = (await db().collection(COLLECTIONS.otpMessages).where('uid', '==', buyer.uid).get()).docs;
    const firstCode = (await db().collection(COLLECTIONS.localMessages).where('to', '==', buyer.telephone).get()).docs[0].get('code');

    const raw = callback([{ id: message.id, status: 'failed', timestamp: '1700000100' }]);
    expect((await post(raw, sign(raw))).status).toBe(200);
    expect((await post(raw, sign(raw))).status).toBe(200);

    const pushes = await pushesTo(token);
    expect(pushes).toHaveLength(1);
    const pushedCode = /(\d{6})/.exec(pushes[0].body)?.[1];
    const client = await api();
    if (pushedCode !== firstCode) {
      expect((await client.post('/api/push-otp/verify-code').send({ telephone: buyer.telephone, otp: firstCode })).body.code).toBe('OTP_INVALID');
    }
    expect((await client.post('/api/push-otp/verify-code').send({ telephone: buyer.telephone, otp: pushedCode })).status).toBe(200);
  });
});
