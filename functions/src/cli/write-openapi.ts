/** npm run openapi: writes openapi/openapi.json from the routes' declarations. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allRouters } from '../groups';
import { serviceDocument } from '../openapi-document';

export const OPENAPI_FILE = join(__dirname, '..', '..', '..', 'openapi', 'openapi.json');

export async function renderOpenApi(): Promise<string> {
  return `${JSON.stringify(serviceDocument(await allRouters()), null, 2)}\n`;
}

if (require.main === module) {
  renderOpenApi()
    .then((text) => {
      mkdirSync(join(OPENAPI_FILE, '..'), { recursive: true });
      writeFileSync(OPENAPI_FILE, text);
      console.log(`Wrote ${OPENAPI_FILE}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
