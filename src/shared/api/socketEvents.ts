/**
 * Where the console's socket connects and the events it hears, without zod: the layout's notice
 * watcher (in the signed-in shell) connects at once. The events' payloads are typed in `notices.ts`.
 */
/** socket.io under the same host; a console connects with `auth: { token }`. */
export const SOCKET_PATH = '/socket.io';
export const SOCKET_EVENTS = { notice: 'notice', stock: 'stock', alert: 'stockAlert', trip: 'trip', monitor: 'monitor' } as const;
