/**
 * Walking distances for spec 1 §4: shortest paths (Dijkstra) over the OSM street graph of the
 * extract where it has streets (lower and midtown Manhattan, Brooklyn Heights, DUMBO, Downtown
 * Brooklyn: README.md), the straight line times DETOUR_FACTOR elsewhere. The graph is read once
 * per process from data/walk-graph.json.gz (~70,000 nodes, built by build-data.ts) and kept in
 * typed arrays; a query settles nodes only until every destination is reached.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { WalkingLeg } from '../../src/contract/search.ts';
import { geodesicMeters, type Point } from './geo.ts';

/**
 * Walking distance over straight-line distance where we have no streets. Chosen from the graph
 * itself (`measureDetourFactor`, README.md): over 2,000 random pairs of street nodes 300 m–3 km
 * apart in the extract, shortest street path / straight line had median 1.22 (p25 1.13, p75 1.36).
 */
export const DETOUR_FACTOR = 1.22;
/** 1.35 m/s, about 3 mph: the pace city walking estimates commonly use. */
export const WALKING_METERS_PER_SECOND = 1.35;
/** A point farther than this from any street node of the extract is outside the street area. */
export const SNAP_LIMIT_METERS = 150;
/** Walks longer than this are not worth a path search (spec 1 §4 shows walking only within 3 miles). */
const SEARCH_LIMIT_METERS = 8_000;

const GRAPH_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'walk-graph.json.gz');
/** Grid cell for snapping: ~110 m of latitude. */
const CELL_DEGREES = 0.001;

export type StreetGraph = {
  lat: Float64Array;
  lng: Float64Array;
  /** Compressed adjacency: the neighbours of node i are `to[offsets[i] .. offsets[i + 1])`. */
  offsets: Uint32Array;
  to: Uint32Array;
  meters: Float32Array;
  cells: Map<string, number[]>;
};

const cellKey = (lat: number, lng: number) => `${Math.floor(lat / CELL_DEGREES)}:${Math.floor(lng / CELL_DEGREES)}`;

export function loadStreetGraph(file = GRAPH_FILE): StreetGraph {
  const data = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as { nodeCount: number; coords: number[]; ways: number[][] };
  const n = data.nodeCount;
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  let a = 0, b = 0;
  for (let i = 0; i < n; i++) {
    a += data.coords[2 * i]!;
    b += data.coords[2 * i + 1]!;
    lat[i] = a / 1e6;
    lng[i] = b / 1e6;
  }
  const pairs: number[] = [];
  for (const deltas of data.ways) {
    let previous = -1, ref = 0;
    for (const delta of deltas) {
      ref += delta;
      if (previous >= 0 && previous !== ref) pairs.push(previous, ref);
      previous = ref;
    }
  }
  const degree = new Uint32Array(n + 1);
  for (let i = 0; i < pairs.length; i += 2) {
    degree[pairs[i]!]!++;
    degree[pairs[i + 1]!]!++;
  }
  const offsets = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i]! + degree[i]!;
  const fill = offsets.slice(0, n);
  const to = new Uint32Array(pairs.length);
  const meters = new Float32Array(pairs.length);
  for (let i = 0; i < pairs.length; i += 2) {
    const u = pairs[i]!, v = pairs[i + 1]!;
    const d = geodesicMeters({ latitude: lat[u]!, longitude: lng[u]! }, { latitude: lat[v]!, longitude: lng[v]! });
    to[fill[u]!] = v;
    meters[fill[u]!++] = d;
    to[fill[v]!] = u;
    meters[fill[v]!++] = d;
  }
  const cells = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    if (offsets[i + 1] === offsets[i]) continue;
    const key = cellKey(lat[i]!, lng[i]!);
    const cell = cells.get(key);
    if (cell) cell.push(i);
    else cells.set(key, [i]);
  }
  return { lat, lng, offsets, to, meters, cells };
}

/** The nearest street node within SNAP_LIMIT_METERS, with how far it is. */
export function snapToStreet(graph: StreetGraph, point: Point): { node: number; meters: number } | undefined {
  const row = Math.floor(point.latitude / CELL_DEGREES);
  const column = Math.floor(point.longitude / CELL_DEGREES);
  let best: { node: number; meters: number } | undefined;
  // ±2 cells covers SNAP_LIMIT_METERS in both directions at New York's latitude.
  for (let dr = -2; dr <= 2; dr++) {
    for (let dc = -2; dc <= 2; dc++) {
      for (const node of graph.cells.get(`${row + dr}:${column + dc}`) ?? []) {
        const meters = geodesicMeters(point, { latitude: graph.lat[node]!, longitude: graph.lng[node]! });
        if (meters <= SNAP_LIMIT_METERS && (!best || meters < best.meters)) best = { node, meters };
      }
    }
  }
  return best;
}

/** A binary min-heap of (distance, node). */
class Frontier {
  private readonly keys: number[] = [];
  private readonly nodes: number[] = [];
  get size() {
    return this.keys.length;
  }
  push(key: number, node: number) {
    let i = this.keys.length;
    this.keys.push(key);
    this.nodes.push(node);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.keys[i] = this.keys[parent]!;
      this.nodes[i] = this.nodes[parent]!;
      i = parent;
    }
    this.keys[i] = key;
    this.nodes[i] = node;
  }
  pop(): [number, number] {
    const top: [number, number] = [this.keys[0]!, this.nodes[0]!];
    const lastKey = this.keys.pop()!;
    const lastNode = this.nodes.pop()!;
    const n = this.keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && this.keys[child + 1]! < this.keys[child]!) child++;
        if (this.keys[child]! >= lastKey) break;
        this.keys[i] = this.keys[child]!;
        this.nodes[i] = this.nodes[child]!;
        i = child;
      }
      this.keys[i] = lastKey;
      this.nodes[i] = lastNode;
    }
    return top;
  }
}

/**
 * Scratch space of one search, reused: distances are valid only where `stamp` holds the current
 * search's number, so nothing is cleared between searches (the searches are synchronous).
 */
type Scratch = { distance: Float64Array; stamp: Uint32Array; settled: Uint32Array; search: number };
const scratchOf = new WeakMap<StreetGraph, Scratch>();

/** Street distances in metres from `source` to each target node (Infinity when unreachable within the limit). */
export function shortestPaths(graph: StreetGraph, source: number, targets: readonly number[], limitMeters = SEARCH_LIMIT_METERS): Map<number, number> {
  const n = graph.lat.length;
  let scratch = scratchOf.get(graph);
  if (!scratch) {
    scratch = { distance: new Float64Array(n), stamp: new Uint32Array(n), settled: new Uint32Array(n), search: 0 };
    scratchOf.set(graph, scratch);
  }
  const search = ++scratch.search;
  const { distance, stamp, settled } = scratch;
  const found = new Map<number, number>();
  const wanted = new Set(targets);
  distance[source] = 0;
  stamp[source] = search;
  const frontier = new Frontier();
  frontier.push(0, source);
  while (frontier.size > 0 && wanted.size > 0) {
    const [reached, node] = frontier.pop();
    if (settled[node] === search) continue;
    if (reached > limitMeters) break;
    settled[node] = search;
    if (wanted.delete(node)) found.set(node, reached);
    for (let e = graph.offsets[node]!; e < graph.offsets[node + 1]!; e++) {
      const next = graph.to[e]!;
      const through = reached + graph.meters[e]!;
      if (stamp[next] !== search || through < distance[next]!) {
        stamp[next] = search;
        distance[next] = through;
        frontier.push(through, next);
      }
    }
  }
  for (const target of targets) if (!found.has(target)) found.set(target, Infinity);
  return found;
}

const leg = (id: number | string, meters: number, method: WalkingLeg['method']): WalkingLeg => ({
  id,
  meters: Math.round(meters),
  seconds: Math.round(meters / WALKING_METERS_PER_SECOND),
  method,
});

/**
 * One origin to each destination, in order: over the streets when both ends are on the street
 * graph and a path joins them within the search limit, else the straight line × DETOUR_FACTOR.
 */
export function walkingMatrix(graph: StreetGraph, origin: Point, destinations: readonly (Point & { id: number | string })[]): WalkingLeg[] {
  const start = snapToStreet(graph, origin);
  const ends = destinations.map((destination) => (start ? snapToStreet(graph, destination) : undefined));
  const paths = start ? shortestPaths(graph, start.node, ends.flatMap((end) => (end ? [end.node] : []))) : new Map<number, number>();
  return destinations.map((destination, i) => {
    const end = ends[i];
    const street = start && end ? paths.get(end.node) : undefined;
    if (start && end && street !== undefined && Number.isFinite(street)) return leg(destination.id, start.meters + street + end.meters, 'street-graph');
    return leg(destination.id, geodesicMeters(origin, destination) * DETOUR_FACTOR, 'detour-factor');
  });
}

/**
 * How much longer walking is than the straight line on the streets we have: random pairs of
 * connected street nodes `minMeters`–`maxMeters` apart (a fixed seed, so the figure repeats).
 */
export function measureDetourFactor(graph: StreetGraph, pairs = 2000, minMeters = 300, maxMeters = 3000): { median: number; p25: number; p75: number; pairs: number } {
  let seed = 17;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const n = graph.lat.length;
  const ratios: number[] = [];
  for (let tries = 0; ratios.length < pairs && tries < pairs * 50; tries++) {
    const a = Math.floor(random() * n);
    const b = Math.floor(random() * n);
    const pa = { latitude: graph.lat[a]!, longitude: graph.lng[a]! };
    const pb = { latitude: graph.lat[b]!, longitude: graph.lng[b]! };
    const straight = geodesicMeters(pa, pb);
    if (straight < minMeters || straight > maxMeters) continue;
    const street = shortestPaths(graph, a, [b], maxMeters * 3).get(b)!;
    if (Number.isFinite(street)) ratios.push(street / straight);
  }
  ratios.sort((x, y) => x - y);
  const at = (q: number) => Math.round(ratios[Math.floor(q * (ratios.length - 1))]! * 100) / 100;
  return { median: at(0.5), p25: at(0.25), p75: at(0.75), pairs: ratios.length };
}
