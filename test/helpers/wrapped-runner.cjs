#!/usr/bin/env node
/**
 * Runs one deployed function once, as Firebase invokes it: `firebase-functions-test`'s `wrap()`
 * around the export of the built entry (functions/package.json's `main`), in the test SDK's online
 * mode on the emulator project of GCLOUD_PROJECT. A process of its own, as a function instance is:
 * the bundles load each other with `import()`, which jest's module system refuses, and their
 * settings and clock are read fresh, as a new instance reads them.
 *
 *   node test/helpers/wrapped-runner.cjs <function> '<call>'
 *
 * <call> is JSON: `{ "document": "<path>", "params": {...} }` for a Firestore trigger (the event
 * carries a snapshot of the stored document, made by `makeDocumentSnapshot`), `{ "schedule": true }`
 * for a schedule, `{ "task": <data> }` for a task queue. Exits 0 once the function has returned,
 * 1 with its error on stderr.
 */
const { createRequire } = require('node:module');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const functionsDir = join(__dirname, '..', '..', 'functions');
const fromFunctions = createRequire(join(functionsDir, 'package.json'));
const entry = join(functionsDir, JSON.parse(readFileSync(join(functionsDir, 'package.json'), 'utf8')).main);

async function run(name, call) {
  const testEnv = fromFunctions('firebase-functions-test')({ projectId: process.env.GCLOUD_PROJECT });
  try {
    const fn = require(entry)[name];
    if (!fn) throw new Error(`${name} is not exported by ${entry}`);
    const wrapped = testEnv.wrap(fn);
    if (call.document) {
      const { getFirestore } = fromFunctions('firebase-admin/firestore');
      const { initializeApp } = fromFunctions('firebase-admin/app');
      const stored = await getFirestore(initializeApp({ projectId: process.env.GCLOUD_PROJECT }, 'wrapped-runner')).doc(call.document).get();
      if (!stored.exists) throw new Error(`${call.document} does not exist: the trigger fires on a written document`);
      await wrapped({ data: testEnv.firestore.makeDocumentSnapshot(stored.data(), call.document), params: call.params });
    } else if (call.schedule) {
      // firebase-functions-test 3.5 takes a v2 schedule (its function has the arity of an HTTP
      // one) down its v1 path: the handler gets a context of an event id and a time.
      await wrapped({ eventId: `wrapped-${Date.now()}`, timestamp: new Date().toISOString() });
    } else if ('task' in call) {
      // Likewise a task queue's: its handler gets the request as given, `{ data }`.
      await wrapped({ data: call.task });
    } else {
      throw new Error(`unknown call ${JSON.stringify(call)}`);
    }
  } finally {
    testEnv.cleanup();
  }
}

run(process.argv[2], JSON.parse(process.argv[3] ?? '{}')).then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
