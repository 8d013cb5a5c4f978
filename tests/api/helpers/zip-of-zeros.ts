import zlib from 'node:zlib';

const MEGABYTE = 1024 * 1024;

/**
 * A zip bomb as one is made, built without ever holding what it unpacks to: each named file is
 * `megabytes` MB of zeros, stored as one deflated megabyte (about 1 KB) repeated, so the archive
 * weighs about 1 KB per MB it expands to. Its headers tell the truth (sizes and CRC-32 of the
 * zeros), or, with `claimedBytes`, claim each file unpacks to that much.
 */
export function zipOfZeros(
  names: string[],
  megabytes: number,
  options: { claimedBytes?: number } = {},
): Buffer {
  const zeros = Buffer.alloc(MEGABYTE);
  // A sync flush ends the piece on a byte boundary without a final block: pieces chain.
  const piece = zlib.deflateRawSync(zeros, {
    level: 9,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  const finalBlock = Buffer.from([0x03, 0x00]);
  const data = Buffer.concat([...Array<Buffer>(megabytes).fill(piece), finalBlock]);
  let crc = 0;
  for (let i = 0; i < megabytes; i++) crc = zlib.crc32(zeros, crc);
  const size = options.claimedBytes ?? megabytes * MEGABYTE;

  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); // local file header
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0); // central directory entry
    entry.writeUInt16LE(20, 4); // made by
    entry.writeUInt16LE(20, 6); // version needed
    entry.writeUInt16LE(8, 10); // deflate
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    central.push(entry, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); // end of central directory
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
