/** PostgreSQL advisory lock ids, one place so no two uses ever collide. */
export const ADVISORY_LOCKS = {
  migrations: 4_204_201,
  popupActivation: 4_204_202,
  demoSeed: 4_204_203,
} as const;
