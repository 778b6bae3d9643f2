/** PostgreSQL advisory lock ids, one place so no two uses ever collide. */
export const ADVISORY_LOCKS = {
  /**
   * Held by an instance through all its first-start steps (migrations, administrator, demo
   * content) so replicas starting together on an empty database take turns. The id is the one
   * earlier versions held around migrations alone: old and new instances of a rolling upgrade
   * still exclude each other.
   */
  firstStart: 4_204_201,
  popupActivation: 4_204_202,
  /** Removing a staff account: the last-account count and the delete are one step. */
  staffRemoval: 4_204_203,
  /** An Insights flush: checking each table's rows per day against its cap and adding them are one step. */
  insightsCaps: 4_204_228,
  /** A booking, a move or a staff change of a free waste review: the free-time check and the write are one step. */
  bookingSlots: 4_204_229,
} as const;
