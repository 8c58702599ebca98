/**
 * What waits for the demo drivers and the demo forwarder at `npm start`, each made the way a buyer
 * makes it (the services the routes call), once:
 * - a driver request of the demo buyer near Étoile Rouge, dated in two days (`en_attente`): the
 *   demo chauffeur finds it with GET /api/chauffeurs/demandes/open;
 * - the demo buyer's contact to the online demo tricycle (`initiated`): GET /api/tricycles/contacts/mine;
 * - the demo motorbike bought for transit to Niger, paid, the demo forwarder selected (`en_cours`):
 *   the forwarder’s GET /api/transit-missions/mes-missions, the buyer's GET /api/transit-missions/parcours/{articleId}.
 */
import { demoCaller, type DemoAccount } from './demo-caller';
import { now } from '../core/clock';
import { searchMine } from '../domains/catalog/service';
import { onAchatPaid, openAchat } from '../domains/commerce/achats/service';
import { myDemandes, openDemande } from '../domains/commerce/chauffeurs/service';
import { myContacts, openContact } from '../domains/logistics/tricycles/contacts';
import { findMission } from '../domains/transit';
import { missionId } from '../domains/transit/repository';
import { selectTransitaire, start } from '../domains/transit/service';
import { demoPayment } from './demo-payment';


/** Carrefour Étoile Rouge, Cotonou: where the demo buyer waits for a driver. */
const ETOILE_ROUGE = { latitude: 6.3654, longitude: 2.4183 };
const FIRST_PAGE = { page: 1, limit: 1, offset: 0 };

export const DEMO_TRANSIT_PAYMENT = 'demo-transit-payment';

const buyerOf = (buyer: DemoAccount) => demoCaller(buyer, 'acheteur', 'Dossou', 'Koffi');

export async function seedDriverRequest(buyer: DemoAccount): Promise<void> {
  const asBuyer = buyerOf(buyer);
  if ((await myDemandes(asBuyer, FIRST_PAGE)).pagination.total > 0) return;
  // Two days from now at 08:00 UTC: still ahead when the suite runs for a while.
  const date = new Date(now().getTime() + 2 * 86_400_000);
  date.setUTCHours(8, 0, 0, 0);
  await openDemande(asBuyer, {
    trajet: { depart: 'Cotonou, Étoile Rouge', arrivee: 'Porto-Novo, Ouando' },
    date: date.toISOString(),
    lieu: { adresse: 'Carrefour Étoile Rouge', point: ETOILE_ROUGE },
    note: 'Aller-retour dans la journée',
  });
  console.log('  a driver request of the demo buyer: GET /api/chauffeurs/demandes/open as the demo chauffeur');
}

/** After the demo chauffeur went online (seedTricycle): a contact needs an available driver. */
export async function seedTricycleContact(buyer: DemoAccount, chauffeur: DemoAccount): Promise<void> {
  const asBuyer = buyerOf(buyer);
  if ((await myContacts(asBuyer, undefined, FIRST_PAGE)).pagination.total > 0) return;
  await openContact(asBuyer, { chauffeur: chauffeur.uid, message: 'Je suis devant la pharmacie, deux passagers.', position: ETOILE_ROUGE });
  console.log('  the demo buyer calls the demo tricycle: GET /api/tricycles/contacts/mine');
}

/** After the demo forwarder is verified and subscribed (seedForwarder): a buyer may only select an eligible one. */
export async function seedTransitMission(buyer: DemoAccount, seller: DemoAccount, forwarder: DemoAccount): Promise<void> {
  const asBuyer = buyerOf(buyer);
  const asSeller = demoCaller(seller, 'vendeur', 'Agbo', 'Rachidatou');
  const moto = (await searchMine(asSeller, undefined, { page: 1, limit: 20, offset: 0 })).items.find((listing) => listing.type === 'moto');
  if (!moto || (await findMission(missionId(moto.id, buyer.uid)))) return;
  const achat = await openAchat(asBuyer, { articleId: moto.id, modeLivraison: 'transit', paysDestination: 'NE' });
  // The effect of its payment, as the payments flow runs it (the subscriber's work, in case no trigger runs).
  await demoPayment(DEMO_TRANSIT_PAYMENT, buyer.uid, 'achat', achat.total, { achatId: achat.id });
  await onAchatPaid(achat.id, DEMO_TRANSIT_PAYMENT);
  await start(asBuyer, { articleId: moto.id, modeLivraison: 'transit', paysDestination: 'NE', detailsSupplementaires: 'Livraison à Niamey, quartier Plateau' });
  await selectTransitaire(asBuyer, moto.id, forwarder.uid);
  console.log(`  "${moto.titre}" bought for transit to Niger, the demo forwarder selected: GET /api/transit-missions/mes-missions as the forwarder`);
}
