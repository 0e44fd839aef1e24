/** The analytics calls' paths, apart from their schemas, so the console's entry can name one without loading zod. */
export const queryPath = (id: string) => `/analysis/query/${id}`;
/** Every panel of a dashboard in one call, streamed as NDJSON lines as each is ready (BatchLine). */
export const dashboardBatchPath = (id: string) => `/analysis/dashboard/${id}/batch`;
