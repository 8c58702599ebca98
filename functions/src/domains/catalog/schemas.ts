/** Listings (`Article`): what sellers write, what readers see, and how they search. */
import { z } from 'zod';
import { documentId } from '../../core/document-id';
import { PaginationQuery } from '../../core/pagination';
import { queryNumber } from '../../core/query-number';
import { CountryCode, GeoPoint } from '../geo';
import { ARTICLE_STATUSES } from './state';

export const ARTICLE_TYPES = ['voiture', 'moto', 'piece', 'tricycle'] as const;
export const CARBURANTS = ['essence', 'diesel', 'hybride', 'electrique', 'gpl'] as const;
export const BOITES = ['manuelle', 'automatique'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);

/** The fields a seller writes; everything else of a listing is the server's. */
const articleFields = {
  type: z.enum(ARTICLE_TYPES),
  titre: z.string().trim().min(3).max(120),
  description: z.string().trim().max(5000).optional(),
  // min(1), not positive(): the same rule for whole francs, documented `minimum: 1` rather than an exclusive 0 some clients ignore.
  prix: z.number().int().min(1).max(10_000_000_000).meta({ description: 'Price in XOF (whole francs, at least 1).' }),
  photos: z.array(z.url({ protocol: /^https?$/ })).max(20).optional(),
  video: z.url({ protocol: /^https?$/ }).optional(),
  marque: text(60).optional(),
  modele: text(60).optional(),
  annee: z.number().int().min(1950).max(2100).optional(),
  kilometrage: z.number().int().min(0).optional(),
  carburant: z.enum(CARBURANTS).optional(),
  boiteVitesse: z.enum(BOITES).optional(),
  couleur: text(40).optional(),
  sieges: z.number().int().min(1).max(80).optional(),
  portes: z.number().int().min(0).max(10).optional(),
  climatiseur: z.boolean().optional(),
  condition: z.enum(['neuf', 'occasion', 'venant']).optional(),
  cylindree: z.number().int().min(1).optional(),
  dedouanement: z.boolean().optional(),
  categorie: text(60).optional(),
  typeMoteur: text(60).optional(),
  stock: z.number().int().min(0).max(1_000_000).optional().meta({ description: 'Parts only: units in stock.' }),
  pays: CountryCode,
  ville: text(80),
  localisation: GeoPoint.optional(),
};

export const ArticleInput = z
  .strictObject(articleFields)
  .meta({ id: 'ArticleInput', description: 'What a seller writes of a listing; status, flags, counters and owner are the server’s.' });

/** The type of a listing is fixed at creation: a car does not become a part. */
export const ArticleUpdate = z
  .strictObject(articleFields)
  .omit({ type: true })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Give at least one field.' });

const IsoDate = z.string().meta({ description: 'ISO 8601 date-time' });

export const Article = z
  .object({
    id: z.string(),
    ...articleFields,
    photos: z.array(z.string()),
    vendeur: z.string().meta({ description: 'User id of the seller.' }),
    vendeurNom: z.string(),
    statut: z.enum(ARTICLE_STATUSES),
    motifRejet: z.string().nullable(),
    aLaUne: z.boolean(),
    sponsorise: z.boolean(),
    verificationStatut: z.enum(['none', 'en_attente', 'rapport_disponible', 'accepte', 'refuse']),
    views: z.number().int(),
    statutVente: z.enum(['disponible', 'vendu']),
    createdAt: IsoDate,
    updatedAt: IsoDate,
    publishedAt: IsoDate.nullable(),
  })
  .meta({ id: 'Article', description: 'A listing. Sellers’ telephones are never part of it.' });

export const ArticleIdParams = z.strictObject({ id: documentId('ARTICLE_NOT_FOUND') });

export const SORTS = ['newest', 'price_asc', 'price_desc', 'year_desc'] as const;

export const ArticleSearchQuery = PaginationQuery.extend({
  type: z.enum(ARTICLE_TYPES).optional(),
  marque: text(60).optional(),
  modele: text(60).optional(),
  pays: CountryCode.optional(),
  ville: text(80).optional(),
  carburant: z.enum(CARBURANTS).optional(),
  boiteVitesse: z.enum(BOITES).optional(),
  vendeur: z.string().min(1).max(128).optional(),
  prixMin: queryNumber(z.coerce.number<string>().int().min(0), { type: 'integer', minimum: 0 }).optional(),
  prixMax: queryNumber(z.coerce.number<string>().int().min(0), { type: 'integer', minimum: 0 }).optional(),
  anneeMin: z.coerce.number().int().min(1950).max(2100).optional(),
  anneeMax: z.coerce.number().int().min(1950).max(2100).optional(),
  sort: z.enum(SORTS).optional().meta({
    description:
      '`newest` (default), `price_asc`, `price_desc`; with a price range only the price sorts; with a year range the list is by year, newest model first (`year_desc`).',
  }),
})
  .refine((q) => !((q.prixMin !== undefined || q.prixMax !== undefined) && (q.anneeMin !== undefined || q.anneeMax !== undefined)), {
    message: 'Filter by a price range or by a year range, not both.',
    path: ['prixMin'],
  })
  .refine((q) => q.prixMin === undefined || q.prixMax === undefined || q.prixMin <= q.prixMax, { message: 'prixMin is above prixMax.', path: ['prixMin'] })
  .refine((q) => q.anneeMin === undefined || q.anneeMax === undefined || q.anneeMin <= q.anneeMax, { message: 'anneeMin is above anneeMax.', path: ['anneeMin'] });

export const MineQuery = PaginationQuery.extend({ statut: z.enum(ARTICLE_STATUSES).optional() });
export const RejectRequest = z.strictObject({ motif: z.string().trim().min(3).max(500) });
export const StockRequest = z.strictObject({ stock: z.number().int().min(0).max(1_000_000) });
