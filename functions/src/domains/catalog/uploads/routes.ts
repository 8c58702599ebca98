import type { RequestHandler } from 'express';
import { ApiRouter } from '../../../core/http';
import { UPLOAD_VIDEO_RATE_LIMIT } from '../../../core/rate-limit';
import { ADMIN_ROLES } from '../../../core/roles';
import { ACCEPTED_TYPES, readPublicFile, readUpload, storeUpload } from '../media';
import { PublicFileParams, StoredFile } from './schemas';

const tags = ['Uploads'];

const serveFile: RequestHandler = async (req, res) => {
  const file = await readPublicFile(String(req.params.kind), String(req.params.name));
  res.status(200).type(file.contentType).send(file.data);
};

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/upload/image',
    operationId: 'uploadImage',
    tags,
    summary: 'Uploads a public photo (a listing’s); JPEG, PNG or WebP, UPLOAD_IMAGE_MAX_BYTES (10 MB). Identity cards go to POST /api/upload/kyc',
    access: 'profile',
    roles: ['vendeur', 'transitaire', ...ADMIN_ROLES],
    upload: { contentTypes: ACCEPTED_TYPES.image, maxBytes: 'UPLOAD_IMAGE_MAX_BYTES (10 MB)' },
    before: [readUpload('image')],
    errors: ['UPLOAD_QUOTA_EXCEEDED'],
    success: { status: 201, description: 'The stored photo', data: StoredFile },
    handle: ({ caller, req }) => storeUpload(req, 'image', caller.uid),
  })
  .json({
    method: 'post',
    path: '/api/upload/video',
    operationId: 'uploadVideo',
    tags,
    summary: 'Uploads a listing video (MP4, WebM or QuickTime; UPLOAD_VIDEO_MAX_BYTES, 30 MB by default)',
    description: 'Public, as the spec says; rate limited per IP (UPLOAD_VIDEO_RATE_LIMIT_MAX per window).',
    access: 'public',
    rateLimit: UPLOAD_VIDEO_RATE_LIMIT,
    upload: { contentTypes: ACCEPTED_TYPES.video, maxBytes: 'UPLOAD_VIDEO_MAX_BYTES (30 MB)' },
    before: [readUpload('video')],
    success: { status: 201, description: 'The stored video', data: StoredFile },
    handle: ({ req }) => storeUpload(req, 'video', null),
  })
  .raw({
    // Public: listing photos and videos are public files; identity cards are never served here.
    access: 'public',
    method: 'get',
    path: '/api/upload/files/:kind/:name',
    operationId: 'getPublicMediaFile',
    tags,
    summary: 'A public photo or video (`images`, `videos`), with the local storage driver (emulator); Cloud Storage serves its own. Never an identity card',
    description: 'Listing photos and videos are public files: the answer’s content type is the one the upload was stored with. Under the emulator the local storage driver serves them here; once deployed their URLs point at Cloud Storage, and this route answers 404 FILE_NOT_FOUND.',
    contentTypes: [...ACCEPTED_TYPES.image, ...ACCEPTED_TYPES.video],
    params: PublicFileParams,
    errors: ['FILE_NOT_FOUND'],
    handlers: [serveFile],
  });
