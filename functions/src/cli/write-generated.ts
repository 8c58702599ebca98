/** The one way the generators (OpenAPI, role matrix, read ceilings) write the file they render. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Renders `file` and writes it (its folder made when missing); a failure exits 1 so that npm scripts stop. */
export function writeGenerated(file: string, render: () => Promise<string>): void {
  render()
    .then((text) => {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, text);
      console.log(`Wrote ${file}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
