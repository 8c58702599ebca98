/**
 * The region every function is deployed to. It lives in core, not beside the function list in
 * groups.ts, because the task-queue adapter needs it to name a queue, and an adapter that imported
 * groups.ts would load every router and sit on an import cycle with them.
 */
export const REGION = 'europe-west1';
