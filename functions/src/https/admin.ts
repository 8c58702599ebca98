/**
 * The routers of the `admin` function (groups.ts: its prefixes and secrets), derived from the
 * modules (modules.ts): each is loaded by the first request under its paths. A file of its own per
 * function: the deployed build bundles each with the app into that function's file.
 */
import { routersOf } from '../modules';

export const routers = routersOf('admin');
