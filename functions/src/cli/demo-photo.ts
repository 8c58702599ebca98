/**
 * The demo listing's photo: a real PNG drawn here (sky, road and a car's body in plain colours),
 * so the apps show a picture and GET /api/upload/files/{kind}/{name} serves one, without a binary
 * file in the repository.
 */
import { crc32, deflateSync } from 'node:zlib';

const WIDTH = 320;
const HEIGHT = 200;
type Rgb = readonly [number, number, number];

const SKY: Rgb = [135, 190, 235];
const ROAD: Rgb = [90, 90, 95];
const BODY: Rgb = [200, 30, 40];
const WHEEL: Rgb = [25, 25, 25];

/** The colour at (x, y): a car's body over two wheels, on a road under the sky. */
function colourAt(x: number, y: number): Rgb {
  const wheel = [[100, 150], [220, 150]].some(([cx, cy]) => (x - cx) ** 2 + (y - cy) ** 2 <= 22 ** 2);
  if (wheel) return WHEEL;
  if (y >= 105 && y < 145 && x >= 60 && x < 260) return BODY;
  if (y >= 80 && y < 105 && x >= 110 && x < 210) return BODY;
  return y >= 150 ? ROAD : SKY;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export function demoPhoto(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  // 8 bits per channel, RGB, deflate, adaptive filtering, no interlace.
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(HEIGHT * (1 + WIDTH * 3));
  for (let y = 0; y < HEIGHT; y += 1) {
    const start = y * (1 + WIDTH * 3);
    // Each row starts with its filter type: 0, none.
    for (let x = 0; x < WIDTH; x += 1) rows.set(colourAt(x, y), start + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
