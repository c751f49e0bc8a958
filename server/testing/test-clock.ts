/** The instant API tests treat as "now" (a Monday afternoon in New York), so seeds and rules repeat exactly. */
export const TEST_NOW = new Date('2026-11-23T19:00:00.000Z');
