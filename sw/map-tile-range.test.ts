import { describe, expect, it } from 'vitest';
import { mapTileRangeKey } from './map-tile-range.ts';

const url = (path: string) => new URL(path, 'https://parkfair.example');

describe('mapTileRangeKey', () => {
  it('keys a same-origin range read of a tiles archive by its byte range', () => {
    expect(mapTileRangeKey(url('/mapdata/tiles/nyc_partial_omt.pmtiles'), true, 'bytes=0-16383')).toBe('https://parkfair.example/mapdata/tiles/nyc_partial_omt.pmtiles?bytes=0-16383');
    expect(mapTileRangeKey(url('/mapdata/tiles/nyc_partial_omt.pmtiles'), true, 'bytes=104857-110000')).toBe('https://parkfair.example/mapdata/tiles/nyc_partial_omt.pmtiles?bytes=104857-110000');
  });

  it('leaves everything else to the other routes or the network', () => {
    expect(mapTileRangeKey(url('/mapdata/tiles/nyc_partial_omt.pmtiles'), true, null)).toBeUndefined();
    expect(mapTileRangeKey(url('/mapdata/tiles/nyc_partial_omt.pmtiles'), false, 'bytes=0-10')).toBeUndefined();
    expect(mapTileRangeKey(url('/mapdata/land.geojson'), true, 'bytes=0-10')).toBeUndefined();
    expect(mapTileRangeKey(url('/mapdata/tiles/nyc_partial_omt.pmtiles'), true, 'bytes=100-')).toBeUndefined();
    expect(mapTileRangeKey(url('/mapdata/tiles/nyc_partial_omt.pmtiles'), true, 'bytes=0-10,20-30')).toBeUndefined();
    expect(mapTileRangeKey(url('/mapdata/tiles/nyc_partial_omt.pmtiles'), true, 'bytes=10-5')).toBeUndefined();
    expect(mapTileRangeKey(url('/mapdata/tiles/nyc_partial_omt.pmtiles'), true, `bytes=0-${2 * 1024 * 1024}`)).toBeUndefined();
  });
});
