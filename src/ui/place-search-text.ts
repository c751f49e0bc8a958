/** The search box's placeholder (spec 1 §2.3), apart from the box: the home hero draws the box's shape before its code loads. */
export const SEARCH_PLACEHOLDER = 'Search Address or Location';
