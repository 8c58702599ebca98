/**
 * What every request carries besides its payload: an id for the logs (`X-Request-Id`, echoed when
 * the caller sent a sane one) and the language of its messages (`Accept-Language`).
 */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { config } from './config';
import { type Language, pickLanguage } from './i18n';

const requestIds = new WeakMap<Request, string>();
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const requestContext: RequestHandler = (req, res, next) => {
  const incoming = req.get('x-request-id');
  const id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  requestIds.set(req, id);
  res.setHeader('X-Request-Id', id);
  next();
};

export function requestIdOf(req: Request): string | undefined {
  return requestIds.get(req);
}

export function requestLanguage(req: Request): Language {
  return pickLanguage(req.get('accept-language'), config().DEFAULT_LANGUAGE);
}
