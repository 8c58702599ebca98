/** The whole service as one Express app, driven in process by supertest. */
import type { Express } from 'express';
import request from 'supertest';
import { createFullApp } from '../../functions/src/app';

let app: Express | undefined;

export async function api() {
  app ??= await createFullApp();
  return request(app);
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
