import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/** One file of a zip archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** The size the directory claims; `checkInflatedSizes` holds the entry to it. */
  size: number;
  /** Where the entry's local header starts. */
  offset: number;
}

/** notZip: not the kind of archive wanted (the caller decides); corrupt: damaged or cut short; tooLarge: over the limits. */
export type ZipProblem = 'notZip' | 'corrupt' | 'tooLarge';
export class ZipRefused extends Error {
  constructor(readonly problem: ZipProblem) {
    super(problem);
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/**
 * The entries of a zip archive held in memory, read from its central directory (nothing is
 * inflated). At most `maxEntries`, and their claimed sizes at most `maxSize` in all: a zip
 * bomb is refused here before any of it is unpacked. Zip64 archives (needed only past 4 GB)
 * are not read: their sizes show as 4 GB, over any limit.
 */
export function zipEntries(buf: Buffer, limits: { maxSize: number; maxEntries: number }): ZipEntry[] {
  // The end record is the last 22 bytes, unless a comment (at most 65,535 bytes) follows it.
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  // Called on files that begin as a zip does: without an end record, one cut short.
  if (end < 0) throw new ZipRefused('corrupt');
  const count = buf.readUInt16LE(end + 10);
  const directorySize = buf.readUInt32LE(end + 12);
  const directoryStart = buf.readUInt32LE(end + 16);
  if (count > limits.maxEntries) throw new ZipRefused('tooLarge');
  if (directoryStart + directorySize > end) throw new ZipRefused('corrupt');
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || buf.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipRefused('corrupt');
    const nameLength = buf.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      offset: buf.readUInt32LE(at + 42),
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
    };
    total += entry.size;
    if (total > limits.maxSize) throw new ZipRefused('tooLarge');
    entries.push(entry);
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * Unpacks every entry, keeping nothing, to prove that none holds more than its directory
 * claims: a forged directory cannot sneak a bomb past `zipEntries`. Inflating runs on libuv's
 * thread pool, so other calls are answered meanwhile; at most one chunk is held at a time.
 */
export async function checkInflatedSizes(buf: Buffer, entries: ZipEntry[]): Promise<void> {
  for (const entry of entries) {
    const data = storedBytes(buf, entry);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) throw new ZipRefused('corrupt');
    } else if (entry.method === 8) {
      if (await inflatedSize(data, entry.size) !== entry.size) throw new ZipRefused('corrupt');
    } else {
      throw new ZipRefused('corrupt');
    }
  }
}

/** The bytes an entry is stored as (deflated or not), found through its local header. */
function storedBytes(buf: Buffer, entry: ZipEntry): Buffer {
  if (entry.offset + 30 > buf.length || buf.readUInt32LE(entry.offset) !== LOCAL_HEADER) throw new ZipRefused('corrupt');
  const start = entry.offset + 30 + buf.readUInt16LE(entry.offset + 26) + buf.readUInt16LE(entry.offset + 28);
  if (start + entry.compressedSize > buf.length) throw new ZipRefused('corrupt');
  return buf.subarray(start, start + entry.compressedSize);
}

/**
 * An entry's content as a stream, unpacked as it is read (an entry `checkInflatedSizes` passed:
 * stored or deflated, and no larger than its directory claims).
 */
export function entryStream(buf: Buffer, entry: ZipEntry): Readable {
  const data = storedBytes(buf, entry);
  if (entry.method === 0) return Readable.from([data]);
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.end(data);
  return inflate;
}

/** The size `data` inflates to; stops as soon as it passes `limit` (then the answer is limit + 1). */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(limit + 1);
      }
    });
    inflate.on('error', () => reject(new ZipRefused('corrupt')));
    inflate.on('end', () => resolve(size));
    inflate.end(data);
  });
}
