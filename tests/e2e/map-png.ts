// A small PNG decoder (8-bit greyscale/RGB/RGBA, non-interlaced: what Chromium screenshots are),
// so the browser test can read the pixels it drew without an image library.
import { inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, row-major. */
  pixels: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

export function decodePng(png: Buffer): DecodedPng {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let colourType = 0;
  const idat: Buffer[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const bitDepth = data[8];
      colourType = data[9]!;
      if (bitDepth !== 8 || data[12] !== 0 || !(colourType in CHANNELS)) {
        throw new Error(`unsupported PNG: bit depth ${bitDepth}, colour type ${colourType}, interlace ${data[12]}`);
      }
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const channels = CHANNELS[colourType]!;
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(idat));
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const value = raw[source + x]!;
      const left = x >= channels ? rows[row + x - channels]! : 0;
      const up = y > 0 ? rows[row - stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? rows[row - stride + x - channels]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predictor === undefined) throw new Error(`bad PNG filter ${filter}`);
      rows[row + x] = (value + predictor) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const s = i * channels;
    const grey = channels <= 2;
    pixels[i * 4] = rows[s]!;
    pixels[i * 4 + 1] = grey ? rows[s]! : rows[s + 1]!;
    pixels[i * 4 + 2] = grey ? rows[s]! : rows[s + 2]!;
    pixels[i * 4 + 3] = channels === 4 ? rows[s + 3]! : channels === 2 ? rows[s + 1]! : 255;
  }
  return { width, height, pixels };
}

export function pixelAt(image: DecodedPng, x: number, y: number): [number, number, number] {
  const px = Math.round(x);
  const py = Math.round(y);
  if (px < 0 || py < 0 || px >= image.width || py >= image.height)
    throw new Error(`pixel ${px},${py} is outside ${image.width}x${image.height}`);
  const i = (py * image.width + px) * 4;
  return [image.pixels[i]!, image.pixels[i + 1]!, image.pixels[i + 2]!];
}
