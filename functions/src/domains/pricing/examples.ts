/** The pricing domain's example steps (core/examples/walk.ts): each admin price list read, then written back as read (the demo's prices stay). */
import type { ExampleRecorder, ExampleSteps } from '../../core/examples/walk';

/** The fields of `data` the route's body takes (a setting's answer also says when it changed and who changed it). */
function pick(recorder: ExampleRecorder, key: string, data: Record<string, unknown>): Record<string, unknown> {
  const route = recorder.route(key);
  const shape = route.kind !== 'raw' && route.body && 'shape' in route.body ? (route.body.shape as Record<string, unknown>) : undefined;
  return shape ? Object.fromEntries(Object.entries(data).filter(([name]) => name in shape)) : data;
}

// The boosts' prices (`pub-pricing`) are the catalog's route, written the same way as the others.
async function priceLists(recorder: ExampleRecorder): Promise<void> {
  const call = recorder.call.bind(recorder);
  for (const name of ['pub-pricing', 'subscription-pricing', 'transitaire-subscription-pricing', 'verification-pricing', 'seller-gain-pricing', 'delivery-settings', 'referral-pricing']) {
    const read = await call(`GET /api/admin/${name}`, 'admin');
    const data = read.body?.data;
    if (!data) continue;
    const body = pick(recorder, `PUT /api/admin/${name}`, data);
    await call(`PUT /api/admin/${name}`, 'superAdmin', { body });
    if (name === 'seller-gain-pricing') await call('POST /api/admin/seller-gain-pricing', 'superAdmin', { body });
  }
}

export const steps: ExampleSteps = { priceLists };
