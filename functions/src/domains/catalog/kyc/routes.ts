/**
 * `/api/upload/kyc`: forwarders' identity cards, in a private area of each uploader. Served to their
 * owner, and to whoever holds a link an admin was given (`/api/upload/signed/...`, local driver; with
 * Cloud Storage the links are the bucket's own). Never through the public files route.
 */
import { ApiRouter } from '../../../core/http';
import { readOwnCard, storeCard } from './service';
import { ACCEPTED_TYPES, readUpload } from '../media';
import { KycNameParams, StoredFile } from '../uploads/schemas';

const tags = ['Uploads'];
const images = { description: 'The identity card image', contentTypes: ACCEPTED_TYPES.image };

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/upload/kyc',
    operationId: 'uploadIdentityCard',
    tags,
    summary: 'Uploads an identity card image into the forwarder’s private area (JPEG, PNG or WebP, UPLOAD_IMAGE_MAX_BYTES)',
    description: 'Never made public. Give its `path` to POST /api/transitaires/verification/submit; read it back at its `url`.',
    access: 'profile',
    roles: ['transitaire'],
    upload: { contentTypes: ACCEPTED_TYPES.image, maxBytes: 'UPLOAD_IMAGE_MAX_BYTES (10 MB)' },
    before: [readUpload('image')],
    errors: ['UPLOAD_QUOTA_EXCEEDED'],
    success: { status: 201, description: 'The stored card: `kyc/{uid}/{uuid}.{ext}`', data: StoredFile },
    handle: ({ caller, req }) => storeCard(caller.uid, req),
  })
  .file({
    method: 'get',
    path: '/api/upload/kyc/:name',
    operationId: 'getMyIdentityCard',
    tags,
    summary: 'One of the calling forwarder’s own identity cards',
    access: 'profile',
    roles: ['transitaire'],
    params: KycNameParams,
    errors: ['FILE_NOT_FOUND'],
    success: images,
    handle: ({ caller, params }) => readOwnCard(caller.uid, params.name),
  });
