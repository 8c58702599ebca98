/** The whole service as one Express app, driven in process by supertest. */
import request from 'supertest';
import { createFullApp } from '../../functions/src/app';

let app: Awaited<ReturnType<typeof createFullApp>> | undefined;

export async function api() {
  app ??= await createFullApp();
  return request(app);
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
