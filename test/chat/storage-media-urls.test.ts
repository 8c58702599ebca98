/**
 * docs/guides/chat.md, Chat: "The older `fichierUrl` input is accepted only when it is exactly the URL our
 * storage gave for one of the sender's own files (local: `/api/upload/files/{path}`, or on a
 * loopback host; cloud: `https://storage.googleapis.com/{bucket}/{path}`, with its signature for a
 * signed one)". The drivers' parsers, each against what it writes and what an attacker writes
 * around it (the Cloud Storage one without a bucket: it runs on the URL alone).
 */
import { cloudMediaPathOf } from '../../functions/src/adapters/storage/cloud';
import { LocalStorage } from '../../functions/src/adapters/storage/local';

const PATH = 'images/0f8fad5b-d9cb-469f-a165-70867728950e.png';
const BUCKET = 'demo-marketplace.appspot.com';
const ATTACKS = [
  `javascript:alert(document.domain)//${PATH}`,
  `https://evil.example/phish/${PATH}`,
  `https://evil.example/api/upload/files/${PATH}`,
  `https://storage.googleapis.com.evil.example/${BUCKET}/${PATH}`,
  `https://storage.googleapis.com/another-bucket/${PATH}`,
  `https://user:pass@storage.googleapis.com/${BUCKET}/${PATH}`,
  `https://storage.googleapis.com/${BUCKET}/${PATH}#<script>`,
  `https://storage.googleapis.com/${BUCKET}/kyc/uid/0f8fad5b-d9cb-469f-a165-70867728950e.png`,
  `data:text/html,${PATH}`,
  `//evil.example/api/upload/files/${PATH}`,
  `/api/upload/files/${PATH}?x=1`,
  `/api/upload/files/../../${PATH}`,
  `http://localhost/api/upload/files/${PATH}#x`,
  `http://localhost.evil.example/api/upload/files/${PATH}`,
];

it('reads the path out of exactly the URLs the local driver gives, on a loopback host at most', async () => {
  const local = new LocalStorage();
  const ours = await local.mediaUrl(PATH);
  expect(ours).toBe(`/api/upload/files/${PATH}`);
  for (const url of [ours, `http://localhost${ours}`, `http://127.0.0.1:5000${ours}`, `http://[::1]:5001${ours}`]) expect({ url, path: local.mediaPathOf(url) }).toEqual({ url, path: PATH });
  for (const url of ATTACKS) expect({ url, path: local.mediaPathOf(url) }).toEqual({ url, path: null });
});

it('reads the path out of exactly the public or signed URLs of our bucket', () => {
  for (const url of [`https://storage.googleapis.com/${BUCKET}/${PATH}`, `https://storage.googleapis.com/${BUCKET}/${PATH}?GoogleAccessId=x&Expires=1&Signature=y`]) {
    expect({ url, path: cloudMediaPathOf(url, BUCKET) }).toEqual({ url, path: PATH });
  }
  for (const url of ATTACKS) expect({ url, path: cloudMediaPathOf(url, BUCKET) }).toEqual({ url, path: null });
});
