/** Article (listing) shapes, published now because the spec names them; routes come with the catalog. */
import { z } from 'zod';
import { CountryCode, GeoPoint } from '../geo/schemas';

export const ARTICLE_TYPES = ['voiture', 'moto', 'piece', 'tricycle'] as const;

export const ArticleInput = z
  .strictObject({
    type: z.enum(ARTICLE_TYPES),
    titre: z.string().trim().min(3).max(120),
    description: z.string().trim().max(5000).optional(),
    prix: z.number().int().positive().meta({ description: 'Price in XOF (whole francs).' }),
    photos: z.array(z.url()).max(20).default([]),
    video: z.url().optional(),
    marque: z.string().trim().max(60).optional(),
    modele: z.string().trim().max(60).optional(),
    annee: z.number().int().min(1950).max(2100).optional(),
    kilometrage: z.number().int().min(0).optional(),
    carburant: z.enum(['essence', 'diesel', 'hybride', 'electrique', 'gpl']).optional(),
    boiteVitesse: z.enum(['manuelle', 'automatique']).optional(),
    couleur: z.string().trim().max(40).optional(),
    sieges: z.number().int().min(1).max(80).optional(),
    portes: z.number().int().min(0).max(10).optional(),
    climatiseur: z.boolean().optional(),
    condition: z.enum(['neuf', 'occasion', 'venant']).optional(),
    cylindree: z.number().int().positive().optional(),
    dedouanement: z.boolean().optional(),
    categorie: z.string().trim().max(60).optional(),
    typeMoteur: z.string().trim().max(60).optional(),
    stock: z.number().int().min(0).optional(),
    pays: CountryCode,
    ville: z.string().trim().min(1).max(80),
    localisation: GeoPoint.optional(),
  })
  .meta({ id: 'ArticleInput', description: 'What a seller writes of a listing; status, flags and counters are the server’s.' });
