/**
 * A small reader of OpenStreetMap's PBF format (https://wiki.openstreetmap.org/wiki/PBF_Format):
 * nodes (plain and dense) and ways with their tags; relations are skipped. Only the data build
 * (build-data.ts) uses it, once, to turn the extract into the files in server/search/data/.
 */
import { inflateSync } from 'node:zlib';

export type OsmNode = { id: number; lat: number; lng: number; tags: Record<string, string> };
export type OsmWay = { id: number; refs: number[]; tags: Record<string, string> };

/** Protocol-buffers wire reading: just what the OSM messages use. */
class Reader {
  pos: number;
  constructor(
    readonly buf: Buffer,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
  }
  varint(): number {
    let result = 0;
    let shift = 1;
    for (;;) {
      const byte = this.buf[this.pos++]!;
      result += (byte & 0x7f) * shift;
      if (byte < 0x80) return result;
      shift *= 128;
    }
  }
  svarint(): number {
    const n = this.varint();
    // Zig-zag without 32-bit operators: ids and coordinates exceed 2^31.
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  }
  bytes(): Buffer {
    const length = this.varint();
    const out = this.buf.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }
  sub(): Reader {
    const length = this.varint();
    const reader = new Reader(this.buf, this.pos, this.pos + length);
    this.pos += length;
    return reader;
  }
  packed(signed: boolean): number[] {
    const inner = this.sub();
    const out: number[] = [];
    while (inner.pos < inner.end) out.push(signed ? inner.svarint() : inner.varint());
    return out;
  }
  skip(wireType: number) {
    if (wireType === 0) this.varint();
    else if (wireType === 1) this.pos += 8;
    else if (wireType === 2) {
      const length = this.varint(); // read before adding: `pos += varint()` would add to the old pos
      this.pos += length;
    }
    else if (wireType === 5) this.pos += 4;
    else throw new Error(`unsupported wire type ${wireType}`);
  }
  *fields(): Generator<[number, number]> {
    while (this.pos < this.end) {
      const key = this.varint();
      yield [Math.floor(key / 8), key % 8];
    }
  }
}

function readBlob(reader: Reader): Buffer {
  let raw: Buffer | undefined;
  let zlib: Buffer | undefined;
  for (const [field, type] of reader.fields()) {
    if (field === 1) raw = reader.bytes();
    else if (field === 3) zlib = reader.bytes();
    else reader.skip(type);
  }
  if (raw) return raw;
  if (zlib) return inflateSync(zlib);
  throw new Error('OSM blob with an unsupported compression');
}

function tagsOf(keys: number[], values: number[], strings: string[]): Record<string, string> {
  const tags: Record<string, string> = {};
  keys.forEach((key, i) => (tags[strings[key]!] = strings[values[i]!]!));
  return tags;
}

/** Reads every node and way of a .osm.pbf file. */
export function readOsmPbf(file: Buffer): { nodes: OsmNode[]; ways: OsmWay[] } {
  const nodes: OsmNode[] = [];
  const ways: OsmWay[] = [];
  let pos = 0;
  while (pos < file.length) {
    const headerLength = file.readUInt32BE(pos);
    pos += 4;
    const header = new Reader(file, pos, pos + headerLength);
    let type = '';
    let dataSize = 0;
    for (const [field, wire] of header.fields()) {
      if (field === 1) type = header.bytes().toString('utf8');
      else if (field === 3) dataSize = header.varint();
      else header.skip(wire);
    }
    pos += headerLength;
    const blob = readBlob(new Reader(file, pos, pos + dataSize));
    pos += dataSize;
    if (type === 'OSMData') readPrimitiveBlock(blob, nodes, ways);
  }
  return { nodes, ways };
}

function readPrimitiveBlock(block: Buffer, nodes: OsmNode[], ways: OsmWay[]) {
  const reader = new Reader(block);
  const strings: string[] = [];
  const groups: Reader[] = [];
  let granularity = 100;
  let latOffset = 0;
  let lngOffset = 0;
  for (const [field, type] of reader.fields()) {
    if (field === 1) {
      const table = reader.sub();
      for (const [f, t] of table.fields()) {
        if (f === 1) strings.push(table.bytes().toString('utf8'));
        else table.skip(t);
      }
    } else if (field === 2) groups.push(reader.sub());
    else if (field === 17) granularity = reader.varint();
    else if (field === 19) latOffset = reader.varint();
    else if (field === 20) lngOffset = reader.varint();
    else reader.skip(type);
  }
  const degrees = (value: number, offset: number) => (offset + granularity * value) * 1e-9;
  for (const group of groups) {
    for (const [field, type] of group.fields()) {
      if (field === 1) {
        const node = group.sub();
        let id = 0, lat = 0, lng = 0;
        let keys: number[] = [], values: number[] = [];
        for (const [f, t] of node.fields()) {
          if (f === 1) id = node.svarint();
          else if (f === 2) keys = node.packed(false);
          else if (f === 3) values = node.packed(false);
          else if (f === 8) lat = node.svarint();
          else if (f === 9) lng = node.svarint();
          else node.skip(t);
        }
        nodes.push({ id, lat: degrees(lat, latOffset), lng: degrees(lng, lngOffset), tags: tagsOf(keys, values, strings) });
      } else if (field === 2) {
        const dense = group.sub();
        let ids: number[] = [], lats: number[] = [], lngs: number[] = [], keysVals: number[] = [];
        for (const [f, t] of dense.fields()) {
          if (f === 1) ids = dense.packed(true);
          else if (f === 8) lats = dense.packed(true);
          else if (f === 9) lngs = dense.packed(true);
          else if (f === 10) keysVals = dense.packed(false);
          else dense.skip(t);
        }
        let id = 0, lat = 0, lng = 0, kv = 0;
        for (let i = 0; i < ids.length; i++) {
          id += ids[i]!;
          lat += lats[i]!;
          lng += lngs[i]!;
          const tags: Record<string, string> = {};
          // keys_vals: key, value pairs per node, each node's list ended by 0.
          while (kv < keysVals.length && keysVals[kv] !== 0) {
            tags[strings[keysVals[kv]!]!] = strings[keysVals[kv + 1]!]!;
            kv += 2;
          }
          kv++;
          nodes.push({ id, lat: degrees(lat, latOffset), lng: degrees(lng, lngOffset), tags });
        }
      } else if (field === 3) {
        const way = group.sub();
        let id = 0;
        let keys: number[] = [], values: number[] = [], refs: number[] = [];
        for (const [f, t] of way.fields()) {
          if (f === 1) id = way.varint();
          else if (f === 2) keys = way.packed(false);
          else if (f === 3) values = way.packed(false);
          else if (f === 8) refs = way.packed(true);
          else way.skip(t);
        }
        let ref = 0;
        ways.push({ id, refs: refs.map((delta) => (ref += delta)), tags: tagsOf(keys, values, strings) });
      } else group.skip(type);
    }
  }
}
