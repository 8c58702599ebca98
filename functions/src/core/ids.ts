/** Identifier generation in one place, replaceable in tests. */
import { randomUUID } from 'node:crypto';

let generator: () => string = () => randomUUID();

export function newId(): string {
  return generator();
}

export function setIdGenerator(next: () => string): void {
  generator = next;
}

export function resetIdGenerator(): void {
  generator = () => randomUUID();
}
