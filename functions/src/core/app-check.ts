/**
 * App attestation: with FIREBASE_APP_CHECK_ENFORCED=true, a route that mounts this check refuses
 * requests without a valid `X-Firebase-AppCheck` token (401 APP_CHECK_FAILED). As the spec says,
 * no route mounts it yet; a router opts in with `appCheck: true`.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- loaded only where a route mounts the check */
import type { Request } from 'express';
import { config } from './config';
import { ApiError } from './errors';
import { adminApp } from './firebase';

export async function assertAppCheck(req: Request): Promise<void> {
  if (!config().FIREBASE_APP_CHECK_ENFORCED) return;
  const token = req.get('x-firebase-appcheck');
  if (!token) throw new ApiError('APP_CHECK_FAILED');
  const { getAppCheck } = require('firebase-admin/app-check') as typeof import('firebase-admin/app-check');
  try {
    await getAppCheck(adminApp()).verifyToken(token);
  } catch {
    throw new ApiError('APP_CHECK_FAILED');
  }
}
