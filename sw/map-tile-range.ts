/** Which requests the map tile cache (map-tile-cache.ts) answers: pure, so it is unit-tested without a worker. */

/** Tiles and directories are a few KB; anything bigger is not a tile read. */
const MAX_RANGE_BYTES = 512 * 1024;

/** The cache key of a same-origin range read of a /mapdata/tiles/*.pmtiles archive; undefined for anything else. */
export function mapTileRangeKey(url: URL, sameOrigin: boolean, range: string | null): string | undefined {
  if (!sameOrigin || !range || !/^\/mapdata\/tiles\/[\w.-]+\.pmtiles$/.test(url.pathname)) return undefined;
  const match = /^bytes=(\d+)-(\d+)$/.exec(range.trim());
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = Number(match[2]);
  if (end < start || end - start + 1 > MAX_RANGE_BYTES) return undefined;
  return `${url.origin}${url.pathname}?bytes=${start}-${end}`;
}
