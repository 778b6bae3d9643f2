/** The query parameter that opens the search overlay with its term (`?search=`). */
export const SEARCH_PARAM = "search";
