/**
 * The JSON body limit (JSON_BODY_LIMIT). Cloud Functions parses bodies before Express sees them,
 * with a much larger limit of its own, so `express.json({ limit })` alone would not apply there:
 * this check reads the declared length and the raw body the platform keeps.
 */
import type { RequestHandler } from 'express';
import { config } from './config';
import { ApiError } from './errors';

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

export function parseByteSize(text: string): number {
  const match = /^(\d+)(b|kb|mb)$/i.exec(text);
  if (!match) throw new Error(`Not a byte size: ${text}`);
  return Number(match[1]) * UNITS[match[2].toLowerCase()];
}

export const bodyLimit: RequestHandler = (req, _res, next) => {
  // File uploads have their own limits (see the upload routes); this one is for JSON.
  if (!req.is('application/json')) return next();
  const limit = parseByteSize(config().JSON_BODY_LIMIT);
  const declared = Number(req.get('content-length') ?? 0);
  const raw = (req as { rawBody?: Buffer }).rawBody?.length ?? 0;
  next(declared > limit || raw > limit ? new ApiError('PAYLOAD_TOO_LARGE') : undefined);
};
