import type { RequestHandler } from 'express';
import { z } from 'zod';
import { ApiRouter } from '../../core/http';
import { UPLOAD_VIDEO_RATE_LIMIT } from '../../core/rate-limit';
import { ADMIN_ROLES } from '../../core/roles';
import { ACCEPTED_TYPES, readStoredFile, readUpload, storeUpload } from './media';

const tags = ['Uploads'];
const StoredFile = z.object({
  url: z.string().meta({ description: 'Where the file is read: public or signed by configuration (relative to the base URL in the emulator).' }),
  path: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

const serveFile: RequestHandler = async (req, res) => {
  const path = `${String(req.params.kind)}/${String(req.params.name)}`;
  const file = await readStoredFile(path);
  res.status(200).type(file.contentType).send(file.data);
};

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/upload/image',
    tags,
    summary: 'Uploads a photo: a listing’s (sellers), an identity card (forwarders); JPEG, PNG or WebP, UPLOAD_IMAGE_MAX_BYTES (10 MB)',
    access: 'profile',
    roles: ['vendeur', 'transitaire', ...ADMIN_ROLES],
    upload: { contentTypes: ACCEPTED_TYPES.image, maxBytes: 'UPLOAD_IMAGE_MAX_BYTES (10 MB)' },
    before: [readUpload('image')],
    success: { status: 201, description: 'The stored photo', data: StoredFile },
    handle: ({ req }) => storeUpload(req, 'image'),
  })
  .json({
    method: 'post',
    path: '/api/upload/video',
    tags,
    summary: 'Uploads a listing video (MP4, WebM or QuickTime; UPLOAD_VIDEO_MAX_BYTES, 30 MB by default)',
    description: 'Public, as the spec says; rate limited per IP (UPLOAD_VIDEO_RATE_LIMIT_MAX per window).',
    access: 'public',
    rateLimit: UPLOAD_VIDEO_RATE_LIMIT,
    upload: { contentTypes: ACCEPTED_TYPES.video, maxBytes: 'UPLOAD_VIDEO_MAX_BYTES (30 MB)' },
    before: [readUpload('video')],
    success: { status: 201, description: 'The stored video', data: StoredFile },
    handle: ({ req }) => storeUpload(req, 'video'),
  })
  .raw({
    method: 'get',
    path: '/api/upload/files/:kind/:name',
    tags,
    summary: 'A stored file, with the local storage driver (emulator); Cloud Storage serves its own',
    contentType: 'application/octet-stream',
    errors: ['FILE_NOT_FOUND'],
    handlers: [serveFile],
  });
