import { isIPv4 } from 'node:net';

/**
 * Whether an address is the machine itself: 127.0.0.0/8, ::1, or an IPv4 loopback mapped into IPv6.
 * Give it the socket's address (`request.socket.remoteAddress`), never `request.ip`: with TRUST_PROXY
 * that comes from X-Forwarded-For, which anyone can write, and behind a proxy on the same machine
 * every visitor's socket is loopback anyway — so development-only pages must not sit behind one.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return isIPv4(v4) && v4.startsWith('127.');
}
