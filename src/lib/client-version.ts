/** Sent as X-Client-Version on every API call and in every client log record (spec 1 §9). Apart from constants.ts: only lazy chunks call the API. */
export const CLIENT_VERSION = '3.1.340';
