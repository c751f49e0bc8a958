import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { geodesicMeters } from './geo.ts';
import { DETOUR_FACTOR, loadStreetGraph, shortestPaths, snapToStreet, walkingMatrix } from './walking.ts';

/**
 * A street graph file in build-data.ts's format: a U of three streets (A–B–C–D, no street from A
 * straight to D), ~111 m a side at New York's latitude.
 */
function uShapedStreets() {
  const points = [
    [40.7, -74.0], // A
    [40.701, -74.0], // B
    [40.701, -73.9987], // C
    [40.7, -73.9987], // D
  ].map(([lat, lng]) => [Math.round(lat! * 1e6), Math.round(lng! * 1e6)]);
  const coords = points.flat().map((value, i, all) => (i < 2 ? value : value - all[i - 2]!));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pf-walk-')), 'graph.json.gz');
  writeFileSync(file, gzipSync(JSON.stringify({ nodeCount: 4, coords, ways: [[0, 1, 1, 1]] })));
  return loadStreetGraph(file);
}

describe('walking over a street graph', () => {
  const graph = uShapedStreets();
  const a = { latitude: 40.7, longitude: -74.0 };
  const d = { latitude: 40.7, longitude: -73.9987 };

  it('goes round by the streets, not across', () => {
    const paths = shortestPaths(graph, 0, [3]);
    const around = geodesicMeters(a, { latitude: 40.701, longitude: -74.0 }) * 2 + geodesicMeters({ latitude: 40.701, longitude: -74.0 }, { latitude: 40.701, longitude: -73.9987 });
    expect(paths.get(3)).toBeCloseTo(around, 3);
    const [leg] = walkingMatrix(graph, a, [{ id: 'd', ...d }]);
    expect(leg).toMatchObject({ id: 'd', method: 'street-graph', meters: Math.round(around) });
  });

  it('snaps within 150 m of a street only, and measures the rest with the detour factor', () => {
    expect(snapToStreet(graph, { latitude: 40.7005, longitude: -74.0005 })?.node).toBeDefined();
    const far = { latitude: 40.71, longitude: -74.0 };
    expect(snapToStreet(graph, far)).toBeUndefined();
    const [leg] = walkingMatrix(graph, a, [{ id: 1, ...far }]);
    expect(leg).toEqual({ id: 1, meters: Math.round(geodesicMeters(a, far) * DETOUR_FACTOR), seconds: expect.any(Number), method: 'detour-factor' });
  });
});
