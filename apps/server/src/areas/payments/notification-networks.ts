import { BlockList, isIPv6 } from 'node:net';

/** YooKassa's published notification networks (../shared/docs/INTEGRATIONS.md §1). */
const YOOKASSA_NETWORKS = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.154.128/25',
  '77.75.156.11/32',
  '77.75.156.35/32',
  '2a02:5180:0:1509::/64',
  '2a02:5180:0:2655::/64',
  '2a02:5180:0:1533::/64',
  '2a02:5180:0:2669::/64',
];

/**
 * Whether a notification may come from an address: any, when no list is configured (the payment
 * is read back from the provider in any case); else only from the networks. The address is the
 * one Fastify derives, so TRUST_PROXY decides whether X-Forwarded-For counts.
 */
export function notificationSourceCheck(setting: string | undefined): (address: string) => boolean {
  if (!setting) return () => true;
  const networks = setting === 'yookassa' ? YOOKASSA_NETWORKS : setting.split(',');
  const list = new BlockList();
  for (const network of networks) {
    const [address = '', prefix] = network.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
    if (mapped) return list.check(mapped[1]!, 'ipv4');
    return list.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
  };
}
