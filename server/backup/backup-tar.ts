// The little of the tar format (POSIX ustar) a backup needs: regular files and folders with short names, written
// as a stream and read back into a folder. `tar tzf backup.tar.gz` lists what it holds.
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const BLOCK = 512;
const NAME_BYTES = 100;
/** 11 octal digits: the largest size a plain ustar header holds (PostgreSQL's files stop at 1 GiB). */
const MAX_SIZE = 8 ** 11 - 1;
const READ_BYTES = 1 << 20;

/** Two empty blocks end an archive. */
export const TAR_END = Buffer.alloc(2 * BLOCK);

type EntryType = 'file' | 'folder';

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'latin1');
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i];
  return sum;
}

function header(name: string, type: EntryType, size: number, mtimeS: number): Buffer {
  if (Buffer.byteLength(name) > NAME_BYTES) throw new Error(`The backup cannot hold a name this long: ${name}`);
  if (size > MAX_SIZE) throw new Error(`The backup cannot hold a file this large: ${name} (${size} bytes)`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, NAME_BYTES, 'utf8');
  writeOctal(block, 100, 8, type === 'folder' ? 0o700 : 0o600);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.floor(mtimeS));
  block.write(type === 'folder' ? '5' : '0', 156, 'latin1');
  block.write('ustar\0' + '00', 257, 'latin1');
  block.write(`${checksum(block).toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** One file held in memory. */
export function* tarBytes(name: string, bytes: Buffer): Generator<Buffer> {
  yield header(name, 'file', bytes.length, Date.now() / 1000);
  yield bytes;
  yield padding(bytes.length);
}

/** A folder and everything in it, under `name`, files read as they are streamed. */
export async function* tarFolder(dir: string, name: string): AsyncGenerator<Buffer> {
  yield header(`${name}/`, 'folder', 0, (await stat(dir)).mtimeMs / 1000);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const entryName = `${name}/${entry.name}`;
    if (entry.isDirectory()) {
      yield* tarFolder(path, entryName);
    } else if (entry.isFile()) {
      const { size, mtimeMs } = await stat(path);
      yield header(entryName, 'file', size, mtimeMs / 1000);
      let read = 0;
      for await (const chunk of createReadStream(path, { highWaterMark: READ_BYTES }) as AsyncIterable<Buffer>) {
        read += chunk.length;
        if (read > size) break;
        yield chunk;
      }
      // The folder is a copy nobody writes, so this is a fault of the disk, not a race.
      if (read !== size) throw new Error(`${path} changed size while it was backed up.`);
      yield padding(size);
    }
  }
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ChunkReader {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** `length` bytes; null at the end of the stream, before any of them. */
  async read(length: number): Promise<Buffer | null> {
    const parts = [this.pending];
    let have = this.pending.length;
    while (have < length) {
      const next = await this.source.next();
      if (next.done) {
        if (have === 0) return null;
        throw new Error('The backup ends in the middle of a file: it is incomplete.');
      }
      parts.push(next.value);
      have += next.value.length;
    }
    const all = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    this.pending = all.subarray(length);
    return all.subarray(0, length);
  }
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new Error('The backup is damaged: a header holds no size.');
  return parseInt(text, 8);
}

/** A name that stays inside the folder it is unpacked into. */
function safeName(name: string): string {
  const trimmed = name.replace(/\/+$/, '');
  const parts = trimmed.split('/');
  if (trimmed === '' || name.startsWith('/') || parts.some((part) => part === '' || part === '.' || part === '..'))
    throw new Error(`The backup holds an unsafe name: ${JSON.stringify(name)}.`);
  return trimmed;
}

/**
 * Unpacks an archive made by the functions above into `dir` (files 0600, folders 0700); answers the names
 * of the files, in order. Anything else than a file or a folder, or a damaged header, ends it with an error.
 */
export async function extractTar(source: AsyncIterable<Buffer>, dir: string): Promise<string[]> {
  const reader = new ChunkReader(source[Symbol.asyncIterator]());
  const files: string[] = [];
  for (;;) {
    const block = await reader.read(BLOCK);
    if (!block) throw new Error('The backup ends without its closing blocks: it is incomplete.');
    if (block.every((byte) => byte === 0)) return files;
    if (readOctal(block, 148, 8) !== checksum(block)) throw new Error('The backup is damaged: a header is corrupt.');
    const prefix = readString(block, 345, 155);
    const name = safeName((prefix ? `${prefix}/` : '') + readString(block, 0, NAME_BYTES));
    const type = String.fromCharCode(block[156]);
    const size = readOctal(block, 124, 12);
    const path = join(dir, name);
    if (type === '5') {
      await mkdir(path, { recursive: true, mode: 0o700 });
      continue;
    }
    if (type !== '0' && type !== '\0') throw new Error(`The backup holds ${name}, which is not a file or a folder.`);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const file = await open(path, 'wx', 0o600);
    try {
      for (let left = size; left > 0; ) {
        const chunk = await reader.read(Math.min(left, READ_BYTES));
        if (!chunk) throw new Error('The backup ends in the middle of a file: it is incomplete.');
        await file.write(chunk);
        left -= chunk.length;
      }
    } finally {
      await file.close();
    }
    await reader.read(padding(size).length);
    files.push(name);
  }
}
