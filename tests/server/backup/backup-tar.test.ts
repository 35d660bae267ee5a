import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractTar, tarBytes, tarFolder, TAR_END } from '../../../server/backup/backup-tar.ts';
import { tempFolders } from '../../helpers/temp-folders.ts';

const newFolder = tempFolders('pad-tar-');

async function archiveOf(dir: string): Promise<Buffer> {
  const parts: Buffer[] = [...tarBytes('note.txt', Buffer.from('a note\n'))];
  for await (const part of tarFolder(dir, 'store')) parts.push(part);
  parts.push(TAR_END);
  return Buffer.concat(parts);
}

async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** A hand-made header for `name`, as another tar program could write one. */
function headerFor(name: string, type = '0'): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0);
  block.write('0000000\0', 124, 'latin1');
  block.write(type, 156, 'latin1');
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i];
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

describe('the backup tar format', () => {
  it('unpacks what it packed, however the stream is cut into chunks, and GNU tar reads it too', async () => {
    const source = newFolder();
    mkdirSync(join(source, 'base', '5'), { recursive: true });
    writeFileSync(join(source, 'PG_VERSION'), '17\n');
    writeFileSync(join(source, 'base', '5', '1259'), Buffer.alloc(8192 * 3 + 17, 7));
    writeFileSync(join(source, 'empty'), '');
    const archive = await archiveOf(source);

    for (const chunk of [1, 511, 513, 64 * 1024]) {
      const into = newFolder();
      const files = await extractTar(chunksOf(archive, chunk), into);
      expect(files.sort()).toEqual(['note.txt', 'store/PG_VERSION', 'store/base/5/1259', 'store/empty']);
      expect(readFileSync(join(into, 'store', 'base', '5', '1259'))).toEqual(
        readFileSync(join(source, 'base', '5', '1259')),
      );
      expect(statSync(join(into, 'store', 'PG_VERSION')).mode & 0o777).toBe(0o600);
      expect(statSync(join(into, 'store', 'base')).mode & 0o777).toBe(0o700);
    }

    const file = join(newFolder(), 'archive.tar');
    writeFileSync(file, archive);
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toContain('store/base/5/1259');
  });

  it('refuses a name that leaves the folder, an entry that is not a file or a folder, and a cut archive', async () => {
    const unsafe = Buffer.concat([headerFor('../outside'), TAR_END]);
    await expect(extractTar(chunksOf(unsafe, 512), newFolder())).rejects.toThrow(
      'The backup holds an unsafe name: "../outside".',
    );
    const absolute = Buffer.concat([headerFor('/etc/passwd'), TAR_END]);
    await expect(extractTar(chunksOf(absolute, 512), newFolder())).rejects.toThrow('unsafe name');
    const link = Buffer.concat([headerFor('store/link', '2'), TAR_END]);
    await expect(extractTar(chunksOf(link, 512), newFolder())).rejects.toThrow(
      'The backup holds store/link, which is not a file or a folder.',
    );

    const source = newFolder();
    writeFileSync(join(source, 'data'), Buffer.alloc(5000, 1));
    const archive = await archiveOf(source);
    const into = newFolder();
    await expect(extractTar(chunksOf(archive.subarray(0, 3000), 1000), into)).rejects.toThrow('it is incomplete');
    await expect(extractTar(chunksOf(archive.subarray(0, archive.length - 1024), 1000), newFolder())).rejects.toThrow(
      'The backup ends without its closing blocks',
    );
    const damaged = Buffer.from(archive);
    damaged[10] ^= 1;
    await expect(extractTar(chunksOf(damaged, 1000), newFolder())).rejects.toThrow('a header is corrupt');
  });
});
