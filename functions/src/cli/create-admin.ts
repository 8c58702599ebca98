/**
 * npm run admin:create -- --telephone +2290197000000 --password '...' [--nom ..] [--prenoms ..] [--pays BJ]
 *
 * Creates or promotes a superAdmin: the identity-provider account (pro synthetic email of the
 * telephone) and the profile. Against the emulators when FIRESTORE_EMULATOR_HOST and
 * FIREBASE_AUTH_EMULATOR_HOST are set; otherwise against the project of the application default
 * credentials (GOOGLE_CLOUD_PROJECT / `gcloud auth application-default login`).
 */
import { provisionAccount } from '../domains/identity/provisioning';
import { parseArgs } from './args';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!args.telephone || !args.password) {
    throw new Error('usage: admin:create -- --telephone <E.164> --password <password> [--nom ..] [--prenoms ..] [--pays BJ]');
  }
  if (args.password.length < 8) throw new Error('The password needs at least 8 characters.');
  const target = process.env.FIRESTORE_EMULATOR_HOST ? `emulator (${process.env.FIRESTORE_EMULATOR_HOST})` : 'the real project';
  const account = await provisionAccount({
    telephone: args.telephone,
    pays: args.pays,
    password: args.password,
    role: 'superAdmin',
    nom: args.nom ?? 'Admin',
    prenoms: args.prenoms ?? 'Super',
  });
  console.log(`${account.created ? 'Created' : 'Promoted'} superAdmin ${account.telephone} (login ${account.email}, uid ${account.uid}) on ${target}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
