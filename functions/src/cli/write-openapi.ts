/** npm run openapi: writes openapi/openapi.json from the routes' declarations. */
import { writeGenerated } from './write-generated';
import { join } from 'node:path';
import { allRouters } from '../groups';
import { serviceDocument } from '../openapi-document';

export const OPENAPI_FILE = join(__dirname, '..', '..', '..', 'openapi', 'openapi.json');

export async function renderOpenApi(): Promise<string> {
  return `${JSON.stringify(await serviceDocument(await allRouters()), null, 2)}\n`;
}

if (require.main === module) writeGenerated(OPENAPI_FILE, renderOpenApi);
