// Where a webhook may point (issue 34 point 8). The server posts to it from inside the network, so an
// address that reaches the host's own cloud metadata service (instance credentials) or a link-local
// neighbour is refused. Loopback and private addresses stay allowed: a receiver next to the server (an SMS
// gateway, the tests' receiver) is an ordinary set-up.

/** Names of cloud metadata services (GCP, AWS, Azure's and Alibaba's resolve to the addresses below). */
const METADATA_NAMES = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** Alibaba Cloud's metadata service; AWS, GCP, Azure and Oracle use 169.254.169.254 (link-local, below). */
const METADATA_IPV4 = new Set(['100.100.100.200']);

function ipv4Octets(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^[0-9]{1,3}$/.test(part))) return undefined;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : undefined;
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (compressed, maybe IPv4-mapped). */
function ipv6Groups(host: string): number[] | undefined {
  if (!host.includes(':')) return undefined;
  let text = host;
  const dotted = /:([0-9]+\.[0-9.]+)$/.exec(text);
  if (dotted) {
    const octets = ipv4Octets(dotted[1]);
    if (!octets) return undefined;
    text = `${text.slice(0, dotted.index)}:${((octets[0] << 8) | octets[1]).toString(16)}:${((octets[2] << 8) | octets[3]).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  const groups =
    tail === undefined ? first : [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

const isLinkLocalV4 = (octets: number[]) => octets[0] === 169 && octets[1] === 254;

function refusedIpv6(groups: number[]): boolean {
  if ((groups[0] & 0xffc0) === 0xfe80) return true; // fe80::/10
  if (groups.join(':') === [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(':')) return true; // AWS's metadata over IPv6
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (!mapped) return false;
  const octets = [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff];
  return isLinkLocalV4(octets) || METADATA_IPV4.has(octets.join('.'));
}

/** Why a webhook may not point at this URL, as the end of "url must …"; undefined when it may. */
export function webhookUrlRefusal(value: string): string | undefined {
  if (!URL.canParse(value)) return 'be an http:// or https:// address';
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'be an http:// or https:// address';
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === '') return 'name a host';
  if (METADATA_NAMES.has(host)) return `not point at a cloud metadata service (${host})`;
  const v4 = ipv4Octets(host);
  if (v4 && METADATA_IPV4.has(host)) return `not point at a cloud metadata service (${host})`;
  if (v4 && isLinkLocalV4(v4)) return `not point at a link-local address (${host}, 169.254.0.0/16)`;
  const v6 = ipv6Groups(host);
  if (v6 && refusedIpv6(v6)) return `not point at a link-local or metadata address (${host})`;
  return undefined;
}
