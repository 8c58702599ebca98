/** Order and chat shapes, published now because the spec names them; routes come with commerce. */
import { z } from 'zod';
import { isMediaPath } from '../../adapters/storage/paths';
import { documentId } from '../../core/document-id';
import { GeoPoint } from '../geo';

export const OrderInput = z
  .strictObject({
    items: z
      .array(z.strictObject({ articleId: documentId('ARTICLE_NOT_FOUND'), quantite: z.number().int().min(1).max(999) }))
      .min(1)
      .max(50),
    livraison: z.boolean().meta({ description: 'Whether the parts are delivered by a courier.' }),
    adresseLivraison: z
      .strictObject({ ville: z.string().trim().min(1).max(80), details: z.string().trim().max(500).optional(), position: GeoPoint })
      .optional(),
  })
  .meta({ id: 'OrderInput', description: 'A basket of parts; prices come from the articles, never from the client.' });

export const ChatMessage = z
  .strictObject({
    texte: z.string().trim().min(1).max(4000).optional(),
    fichier: z
      .string()
      .refine(isMediaPath, { message: 'Not the path of an uploaded photo (`images/{uuid}.{ext}`).' })
      .optional()
      .meta({ description: 'The file: the `path` that `POST /api/upload/image` answered the sender (a file it stored itself; CHAT_FILE_NOT_OWNED otherwise). The service builds the URL shown (`fichierUrl`).' }),
    // Any text: the storage adapter decides whether it is ours (the local driver answers relative URLs).
    fichierUrl: z
      .string()
      .min(1)
      .max(2048)
      .optional()
      .meta({
        description:
          'Older form of `fichier`: accepted only when it is exactly the `url` our storage answered for one of the sender’s files (CHAT_FILE_URL_INVALID otherwise), and stored as that file’s reference. Send `fichier` instead.',
        deprecated: true,
      }),
  })
  .refine((value) => value.texte !== undefined || value.fichier !== undefined || value.fichierUrl !== undefined, { message: 'A message has a text or a file.' })
  .refine((value) => value.fichier === undefined || value.fichierUrl === undefined, { message: 'One file per message: `fichier` or `fichierUrl`, not both.' })
  .meta({ id: 'ChatMessage', description: 'A message posted in a chat room by one of its participants.' });
