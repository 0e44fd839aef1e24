/**
 * Moved to the platform layer (`src/server/platform/dataScope.ts`). This re-export serves code
 * still importing the old path while it is being changed elsewhere; import from the platform.
 */
export * from '../../platform/dataScope';
