/**
 * Locations (garages), their images and their notices (blackouts and alerts): the shapes of
 * spec 1 §3 and the calls of spec 1 §7 under /locations/api. Pure valibot, shared by the
 * server (builds and validates) and the client (parses every response).
 */
import * as v from 'valibot';
import { isoDateTimeSchema, pagedSchema, pageNumberSchema, recordIdSchema } from './paged.ts';

export const LOCATION_AREAS = ['manhattan', 'brooklyn', 'jersey-city', 'newark', 'secaucus'] as const;
export type LocationArea = (typeof LOCATION_AREAS)[number];

export const LOCATION_ASSET_TYPES = ['Entrance', 'Slide Show', 'Thumbnail'] as const;
export type LocationAssetType = (typeof LOCATION_ASSET_TYPES)[number];

/** Largest page of the notice searches (spec 1 §9: "Notice/blackout search page size 99"). */
export const NOTICE_SEARCH_MAX_PAGE_SIZE = 99;

export const locationImageSchema = v.object({
  locationImageId: v.number(),
  assetType: v.object({ name: v.picklist(LOCATION_ASSET_TYPES) }),
  assetURI: v.string(),
  altText: v.string(),
  displayOrder: v.number(),
});
export type LocationImage = v.InferOutput<typeof locationImageSchema>;

export const locationSchema = v.object({
  locationId: v.number(),
  /** The lot code a driver types at the gate (4 digits). */
  locationNumber: v.string(),
  seoUrl: v.string(),
  latitude: v.number(),
  longitude: v.number(),
  oversized: v.boolean(),
  /** Ticket-system (skidata) location: monthly access is managed by the vendor. */
  skiDataLocation: v.boolean(),
  images: v.array(locationImageSchema),
  locationDisplayText: v.string(),
  address1: v.string(),
  city: v.string(),
  state: v.string(),
  zip: v.string(),
  crossStreet: v.string(),
  phone1: v.string(),
  operatingHoursDescription: v.string(),
  additionalInformation: v.string(),
  browserTitle: v.string(),
  seoDescription: v.string(),
  seoKeywords: v.string(),
  reservationConfirmationCopy: v.string(),
  bikeParking: v.boolean(),
  scooterParking: v.boolean(),
  electricCharging: v.boolean(),
  isCloseToTrainStation: v.boolean(),
  selfParking: v.boolean(),
  area: v.picklist(LOCATION_AREAS),
  capacity: v.number(),
});
export type Location = v.InferOutput<typeof locationSchema>;

export const locationListSchema = v.array(locationSchema);

export const blackoutSchema = v.object({
  blackoutId: v.number(),
  locationId: v.number(),
  startDateUtc: isoDateTimeSchema,
  endDateUtc: isoDateTimeSchema,
  allDay: v.boolean(),
  message: v.string(),
});
export type Blackout = v.InferOutput<typeof blackoutSchema>;

export const alertSchema = v.object({
  locationAlertMessageId: v.number(),
  locationId: v.number(),
  startDateUtc: isoDateTimeSchema,
  endDateUtc: isoDateTimeSchema,
  allDay: v.boolean(),
  message: v.string(),
});
export type LocationAlert = v.InferOutput<typeof alertSchema>;

/** GET /locations/api/locations/blackouts/{filter}: 0 all, 1 past, 2 current, 3 future. */
export const BLACKOUT_FILTERS = { all: 0, past: 1, current: 2, future: 3 } as const;
export type BlackoutFilter = (typeof BLACKOUT_FILTERS)[keyof typeof BLACKOUT_FILTERS];
export const blackoutListSchema = v.array(blackoutSchema);

/**
 * Body of POST /locations/api/locations/blackouts/search and /notifications/search.
 * A notice matches when its period overlaps [startDateUtc, endDateUtc). With `allDay` true the
 * window is widened to whole days in America/New_York (midnight before start to midnight after end).
 */
export const noticeSearchRequestSchema = v.pipe(
  v.object({
    locationIds: v.pipe(v.array(recordIdSchema('locationIds')), v.maxLength(500, 'at most 500 location ids')),
    startDateUtc: isoDateTimeSchema,
    endDateUtc: isoDateTimeSchema,
    allDay: v.optional(v.boolean(), false),
    page: v.optional(pageNumberSchema, 0),
    pageSize: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1, 'pageSize must be at least 1'), v.maxValue(NOTICE_SEARCH_MAX_PAGE_SIZE, `pageSize must be at most ${NOTICE_SEARCH_MAX_PAGE_SIZE}`)),
      NOTICE_SEARCH_MAX_PAGE_SIZE,
    ),
  }),
  v.check((body) => Date.parse(body.endDateUtc) > Date.parse(body.startDateUtc), 'endDateUtc must be after startDateUtc'),
);
export type NoticeSearchRequest = v.InferInput<typeof noticeSearchRequestSchema>;

export const blackoutPageSchema = pagedSchema(blackoutSchema);
export const alertPageSchema = pagedSchema(alertSchema);
export const notificationsSearchResponseSchema = v.object({ blackouts: blackoutPageSchema, alerts: alertPageSchema });
export type NotificationsSearchResponse = v.InferOutput<typeof notificationsSearchResponseSchema>;
