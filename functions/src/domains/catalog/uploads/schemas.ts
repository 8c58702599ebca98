/** Shapes of the upload routes: stored files, and the names and paths of identity cards (KYC). */
import { z } from 'zod';

export const StoredFile = z.object({
  url: z.string().meta({ description: 'Where the file is read: public or signed by configuration (relative to the base URL in the emulator); for an identity card, its owner’s route.' }),
  path: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

/** A public medium's place in a URL, `{kind}/{name}` (any other answers 404 FILE_NOT_FOUND: the route serves nothing else). */
export const PublicFileParams = z.strictObject({
  kind: z.enum(['images', 'videos']).meta({ description: 'The folder: `images` (photos) or `videos`.' }),
  name: z.string().meta({ description: 'The file’s name as the upload answered it (`{uuid}.{ext}`).' }),
});

/** An identity card's file name in its owner's area: a server-made uuid and the image's extension. */
const KYC_NAME = '[0-9a-f-]{36}\\.(jpg|png|webp)';
export const KycName = z.string().regex(new RegExp(`^${KYC_NAME}$`), 'Not an identity card file name.');
/** An identity card's path, `kyc/{uid}/{name}`: only the submitter's own are accepted (a check of the service). */
export const KycPath = z
  .string()
  .regex(new RegExp(`^kyc/[^/]{1,128}/${KYC_NAME}$`), 'Not an identity card path.')
  .meta({ description: 'Path of an identity card uploaded by the caller with POST /api/upload/kyc (`kyc/{uid}/{uuid}.{ext}`).' });

export const KycNameParams = z.strictObject({ name: KycName });
