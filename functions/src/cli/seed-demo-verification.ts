/**
 * The demo verification of `npm start`: the demo buyer paid the inspection of one of the demo
 * seller's vehicles, an admin attached the inspector's report (a real PDF, stored privately through
 * the storage adapter and registered in storedDocuments): `rapport_disponible`, waiting for the
 * buyer's word in the app. It goes the way a real one does (the payment's effect opens the request,
 * the admin's PATCH attaches the report), with a demo payment id as the other seeds use. Once:
 * skipped when the demo buyer already has a verification.
 */
import { demoCaller, type DemoAccount } from './demo-caller';
import { demoPayment } from './demo-payment';
import { priceList } from '../domains/pricing';
import { PDFDocument } from 'pdf-lib';
import { embedTextFonts, printable } from '../core/pdf-fonts';
import { searchMine } from '../domains/catalog/service';
import { moveRequests } from '../domains/catalog/inspection/admin';
import { myInspections } from '../domains/catalog/inspection/buyer';
import { stageReport } from '../domains/catalog/inspection/report';
import { openInspection } from '../domains/catalog/inspection/service';


export const DEMO_VERIFICATION_PAYMENT = 'demo-verification-payment';

/** A one-page inspection report, as an inspector would send it: the vehicle's title as its seller wrote it. */
async function reportPdf(titre: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const { regular, bold } = await embedTextFonts(pdf);
  const lines: Array<[string, number, boolean]> = [
    ['Rapport de vérification', 18, true],
    [`Véhicule : ${titre}`, 11, false],
    ['Carrosserie : bon état, rayures légères sur le pare-choc arrière', 10, false],
    ['Moteur : démarrage à froid normal, pas de fuite visible', 10, false],
    ['Kilométrage : cohérent avec le carnet d’entretien', 10, false],
    ['Conclusion : véhicule conforme à l’annonce', 11, true],
  ];
  let y = 790;
  for (const [text, size, useBold] of lines) {
    page.drawText(printable(text), { x: 50, y, size, font: useBold ? bold : regular });
    y -= size + 12;
  }
  return Buffer.from(await pdf.save());
}

export async function seedVerification(buyer: DemoAccount, seller: DemoAccount, admin: DemoAccount): Promise<void> {
  const asBuyer = demoCaller(buyer, 'acheteur', 'Dossou', 'Koffi');
  const asSeller = demoCaller(seller, 'vendeur', 'Agbo', 'Rachidatou');
  const asAdmin = demoCaller(admin, 'admin', 'Admin', 'Demo');
  if ((await myInspections(asBuyer, { page: 1, limit: 1, offset: 0 })).pagination.total > 0) return;
  const vehicle = (await searchMine(asSeller, undefined, { page: 1, limit: 20, offset: 0 })).items.find((listing) => listing.type !== 'piece' && listing.statut === 'en_ligne');
  if (!vehicle) return;
  // The effect of the verification payment, as the payments flow runs it.
  const { prix } = await priceList('verification-pricing');
  await demoPayment(DEMO_VERIFICATION_PAYMENT, buyer.uid, 'verification', prix, { articleId: vehicle.id });
  await openInspection(DEMO_VERIFICATION_PAYMENT, vehicle.id, buyer.uid);
  const { rapportId } = await stageReport(vehicle.id, await reportPdf(vehicle.titre));
  await moveRequests(asAdmin, vehicle.id, { statut: 'rapport_disponible', rapportId });
  console.log(`  a verification of "${vehicle.titre}" with its report: GET /api/verification/mine (demo buyer)`);
}
