import { io, type Socket } from 'socket.io-client';

/** A console's socket.io connection to a test server, signed in with `token`; kept in `sockets` so the test can close them. */
export function connectSocket(url: string, token: string, sockets: Socket[]): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Waits until `check` holds or `ms` pass; answers whether it holds. */
export async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
}
