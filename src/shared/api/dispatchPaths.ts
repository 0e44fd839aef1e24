/**
 * The path of the logistics dispatch calls, without zod: the logistics pages of the manifest
 * (which the signed-in shell loads) name it, and `dispatch.ts` keeps the schemas of the calls.
 */
/** The calls of logistics dispatch: car requests, their trips, stop reports and fees. */
export const CAR_REQUEST_API = '/logistics/carRequest';
