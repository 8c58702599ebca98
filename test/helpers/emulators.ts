/**
 * Resets of the emulators between test files, through their REST endpoints: of this process's
 * emulator project only (test/setup/env.ts), so that files running in other workers keep their data.
 */
export const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-marketplace';

/**
 * An emulator's reset endpoint, called again when the connection drops before an answer ("other
 * side closed": the emulator closed a kept-alive socket as fetch reused it, seen once in CI). The
 * DELETE is idempotent; an answer that is an error is not retried.
 */
async function deleteAll(url: string, attempts = 4): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'DELETE' });
  } catch (error) {
    if (attempts <= 1) throw error;
    await new Promise((resolve) => setTimeout(resolve, 250));
    return deleteAll(url, attempts - 1);
  }
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
}

export async function clearFirestore(): Promise<void> {
  await deleteAll(`http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`);
}

export async function clearAuth(): Promise<void> {
  await deleteAll(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/accounts`);
}

/** Each test file starts from empty Firestore and Auth. */
export async function resetEmulators(): Promise<void> {
  await Promise.all([clearFirestore(), clearAuth()]);
}

/** The shared rate-limit counters, so that each test starts with fresh counts for its clients. */
export async function clearRateLimits(): Promise<void> {
  const { db } = await import('../../functions/src/core/firebase');
  const { COLLECTIONS } = await import('../../functions/src/core/firestore');
  // The counters and the slots they let through (a counter cleared with its slots left would
  // find its first slots taken and refuse the next requests).
  const [counters, slots] = await Promise.all([db().collection(COLLECTIONS.rateLimits).get(), db().collectionGroup(COLLECTIONS.rateLimitSlots).get()]);
  await Promise.all([...counters.docs, ...slots.docs].map((doc) => doc.ref.delete()));
}
