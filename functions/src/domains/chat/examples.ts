/** The chat domain's example steps (core/examples/walk.ts): the demo's room searched, then a room about a car of the demo seller. */
import type { ExampleRecorder, ExampleSteps, WalkContext } from '../../core/examples/walk';

async function rooms(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  // The demo data's room (the buyer's oldest) searched for a word of its first message, as on npm start.
  const mine = (await call('GET /api/chat/rooms', 'acheteur', { query: { page: '1', limit: '50' }, quiet: true })).body?.data as Array<{ id: string }> | undefined;
  const demoRoom = mine?.at(-1)?.id;
  if (demoRoom) await call('GET /api/chat/rooms/{id}/search', 'acheteur', { params: { id: demoRoom }, query: { q: 'disponible' } });

  // Chat about a car of the demo seller: a room, a message, read, deleted.
  const listing = context.ids.car;
  if (listing) {
    const room = await call('POST /api/chat/rooms', 'acheteur', { body: { contextKind: 'article', contextId: listing } });
    const roomId = (room.body?.data?.room?.id ?? room.body?.data?.id) as string | undefined;
    if (roomId) {
      const sent = await call('POST /api/chat/rooms/{id}/messages', 'acheteur', { params: { id: roomId }, body: { texte: 'Je peux passer samedi matin ?' } });
      await call('POST /api/chat/rooms/{id}/read', 'vendeur', { params: { id: roomId } });
      const message = sent.body?.data?.id as string | undefined;
      if (message) await call('DELETE /api/chat/rooms/{id}/messages/{messageId}', 'acheteur', { params: { id: roomId, messageId: message } });
    }
  }
}

export const steps: ExampleSteps = { rooms };
