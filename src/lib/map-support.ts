/**
 * Whether this browser can draw the map (maplibre needs WebGL 2), checked without loading
 * maplibre: the screen decides between the lazy map and the plain address before any map code is
 * fetched. Answered once per page.
 */
let canDraw: boolean | undefined;

export function canShowMap(): boolean {
  if (canDraw !== undefined) return canDraw;
  try {
    const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('webgl2');
    canDraw = context !== null;
    // Give the test context back at once: browsers cap live WebGL contexts per page.
    context?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    canDraw = false;
  }
  return canDraw;
}
