/**
 * US address autocomplete (spec 2 §5 "Monthly form", spec 3 §3 Claim): the street field suggests
 * addresses from the product's own gazetteer (server/addresses), and choosing one fills street
 * (with the unit typed), city, state, ZIP and country. `GET /search/api/addresses/autocomplete?input=`.
 */
import * as v from 'valibot';

export const ADDRESS_AUTOCOMPLETE_PATH = '/search/api/addresses/autocomplete';
export const ADDRESS_INPUT_MAX_LENGTH = 100;
export const ADDRESS_SUGGESTIONS_MAX = 6;
/** Fewer typed characters than this ask nothing: "1" or "W" would match half the gazetteer. */
export const ADDRESS_INPUT_MIN_LENGTH = 3;

const suggestionSchema = v.object({
  /** "350 5th Avenue, New York, NY 10118" — what the list shows. */
  label: v.string(),
  /** 'address' fills all four fields; 'street' (no house number typed) leaves the number to the driver. */
  kind: v.picklist(['address', 'street']),
  street: v.string(),
  city: v.string(),
  /** Two-letter USPS code ("NY"), as the forms' state selects hold it. */
  state: v.string(),
  /** "10118" or "10006-1016"; empty on a street suggestion that spans several ZIP codes. */
  zipCode: v.string(),
  country: v.literal('United States'),
});

export const addressSuggestionsSchema = v.object({ suggestions: v.array(suggestionSchema) });

export type AddressSuggestion = v.InferOutput<typeof suggestionSchema>;
export type AddressSuggestions = v.InferOutput<typeof addressSuggestionsSchema>;
