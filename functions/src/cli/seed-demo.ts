/**
 * Demo data for the local emulator suite: one account per role, each with a known password (listed
 * in the README). Safe to run again: accounts are created or reset to these values.
 */
import { provisionAccount, type AccountRequest } from '../domains/identity/provisioning';

const PASSWORD = 'Demo-2026!';

export const DEMO_ACCOUNTS: AccountRequest[] = [
  { role: 'acheteur', telephone: '+2290190000001', nom: 'Dossou', prenoms: 'Koffi', password: PASSWORD },
  { role: 'vendeur', telephone: '+2290190000002', nom: 'Agbo', prenoms: 'Rachidatou', password: PASSWORD, vendeurType: 'vehicules' },
  { role: 'chauffeur', telephone: '+2290190000003', nom: 'Houessou', prenoms: 'Mathieu', password: PASSWORD },
  { role: 'transitaire', telephone: '+2290190000004', nom: 'Sossa', prenoms: 'Transit Express', password: PASSWORD },
  { role: 'livreur', telephone: '+2290190000005', nom: 'Zinsou', prenoms: 'Eric', password: PASSWORD },
  {
    role: 'agentCommercial',
    telephone: '+2290190000006',
    nom: 'Adjovi',
    prenoms: 'Nadège',
    password: PASSWORD,
    typeAgent: 'Market_pro',
    referralCode: 'DEMOPRO1',
  },
  { role: 'admin', telephone: '+2290190000007', nom: 'Kpade', prenoms: 'Admin', password: PASSWORD },
  { role: 'gestionnaire', telephone: '+2290190000008', nom: 'Tossou', prenoms: 'Gestion', password: PASSWORD },
  { role: 'principal', telephone: '+2290190000009', nom: 'Ahouansou', prenoms: 'Principal', password: PASSWORD },
  { role: 'superAdmin', telephone: '+2290190000010', nom: 'Gbaguidi', prenoms: 'Super', password: PASSWORD },
];

export async function seedDemo(): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const result = await provisionAccount(account);
    console.log(`  ${account.role.padEnd(16)} ${result.telephone}  login ${result.email}  password ${account.password}`);
  }
}

if (require.main === module) {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    console.error('seed-demo writes demo accounts: run it against the emulators only.');
    process.exit(1);
  }
  seedDemo().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
