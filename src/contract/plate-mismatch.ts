/**
 * Spec 3 §8 "Plate mismatch warning" and its popup. The spec quotes only their openings (each ends
 * in "..."), with the meaning "(minimum rate charged, with an audit review)"; the rest of each
 * sentence says exactly that. Shared so the ticket flows and park-and-pay say the same; a module
 * of its own so park-and-pay's first screen does not load the ticket schemas for two sentences.
 */
export const PLATE_MISMATCH_TEXT = {
  warning:
    'The license plate you entered does not match any vehicle currently on the lot. The minimum rate will be charged and your parking session will be reviewed by our audit team.',
  popup: "We couldn't find a license plate match for this parking session. The minimum rate will be charged and the session will be reviewed.",
} as const;
