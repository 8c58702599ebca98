/** The whole service as one Express app, driven in process by supertest. */
import request from 'supertest';
import { createFullApp } from '../../functions/src/app';

let app: Awaited<ReturnType<typeof createFullApp>> | undefined;

export async function api() {
  app ??= await createFullApp();
  return request(app);
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A supertest parser that keeps the body as bytes (files): `.buffer(true).parse(bytes)`. */
export function bytes(response: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}
