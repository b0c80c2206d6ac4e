import type { SESMail } from 'aws-lambda';
import { addressParser } from 'postal-mime';

/**
 * Who a mail says it is from, and what Amazon SES proved of it. A From header is whatever
 * the sender wrote; SES's verdicts say which domains vouched for the message: SPF for the
 * envelope sender (`mail.source`), DKIM for the signing domain, DMARC for the From domain.
 */

/** The addresses of every From mailbox (every From header, every mailbox of each), lower case; the envelope sender when there is none. */
export const fromMailboxesOf = (mail: Pick<SESMail, 'headers' | 'commonHeaders' | 'source'>): string[] => {
  const values = [
    ...mail.headers.filter((header) => header.name.toLowerCase() === 'from').map((header) => header.value),
    ...(mail.commonHeaders.from ?? []),
  ];
  const addresses = new Set<string>();
  for (const value of values) {
    for (const mailbox of addressParser(value, { flatten: true })) {
      const address = mailbox.address?.trim().toLowerCase();
      if (address) addresses.add(address);
    }
  }
  if (addresses.size === 0 && mail.source) addresses.add(mail.source.trim().toLowerCase());
  return [...addresses];
};

/** The domain of an address (after its last `@`), lower case; empty when it has none. */
export const domainOf = (address: string): string => {
  const at = address.lastIndexOf('@');
  return at < 0
    ? ''
    : address
        .slice(at + 1)
        .trim()
        .toLowerCase()
        .replace(/\.$/, '');
};

/** Whether a person's list (addresses, or `@domain` for a whole domain) names an address. */
export const listed = (allowed: readonly string[], address: string): boolean =>
  allowed.some((entry) => {
    const rule = entry.trim().toLowerCase();
    return rule.startsWith('@') ? address.endsWith(rule) : address === rule;
  });

/**
 * Relaxed alignment, as DMARC's relaxed mode means it: the same domain, or one a subdomain of
 * the other (`bounces.harbor.example` vouches for `harbor.example` and the reverse). DMARC
 * compares organisational domains from the public suffix list, which this function does not
 * carry; a subdomain relationship is the part of that rule that needs no list, and the
 * shorter domain must have two labels at least, so a bare top-level domain aligns with nothing.
 */
export const aligned = (one: string, other: string): boolean => {
  if (!one || !other) return false;
  if (one === other) return true;
  const [longer, shorter] = one.length > other.length ? [one, other] : [other, one];
  return shorter.includes('.') && longer.endsWith(`.${shorter}`);
};

/** What SES's own Authentication-Results header says passed: the DKIM signing domains and the From domain DMARC was judged for. */
export interface SesAuthentication {
  readonly dkimDomains: readonly string[];
  readonly dmarcDomain?: string;
}

/** A domain as DKIM names one: labels of letters, digits and hyphens, two at least. */
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/**
 * SES's own Authentication-Results header (`amazonses.com; spf=… client-ip=…;
 * envelope-from=…; helo=…; dkim=pass header.i=@domain; dmarc=pass header.from=domain;`),
 * never one the sender wrote. SES puts its headers above the message's own: Received, its
 * verdicts, Received-SPF, then its Authentication-Results, then X-SES-RECEIPT. So only the
 * first of each counts, and only above the first X-SES-RECEIPT; anything lower is the
 * sender's text.
 *
 * SPF's part holds text the sender chose (the envelope sender, the HELO name), which may hold
 * `;` and words that read as a DKIM result. So the results are read only after that part,
 * found by its exact text: `envelope-from=` the envelope sender SES reports (`mail.source`),
 * then `helo=` the name SES's Received-SPF ends with. Where it is not found, no DKIM or DMARC
 * domain is read, and the mail is confirmed by SPF alone, or not at all.
 */
export const sesAuthenticationOf = (headers: SESMail['headers'], source: string): SesAuthentication => {
  const names = headers.map((header) => header.name.toLowerCase());
  const receipt = names.indexOf('x-ses-receipt');
  const ours = (name: string) => {
    const at = names.indexOf(name);
    return at >= 0 && (receipt < 0 || at < receipt) ? headers[at].value : '';
  };
  const results = ours('authentication-results');
  const spf = ours('received-spf');
  const none: SesAuthentication = { dkimDomains: [] };
  if (!/^amazonses\.com;/i.test(results)) return none;
  const envelope = `envelope-from=${source}; helo=`;
  const heloAt = spf.indexOf(envelope);
  if (heloAt < 0 || !spf.endsWith(';')) return none;
  const spfPart = `${envelope}${spf.slice(heloAt + envelope.length, -1)};`;
  const after = results.indexOf(spfPart);
  if (after < 0) return none;
  const dkimDomains: string[] = [];
  let dmarcDomain: string | undefined;
  for (const part of results.slice(after + spfPart.length).split(';')) {
    const [method, ...properties] = part.trim().split(/\s+/);
    const pass = (name: string) => method?.toLowerCase() === `${name}=pass`;
    const property = (name: string) =>
      properties
        .find((item) => item.toLowerCase().startsWith(`${name}=`))
        ?.slice(name.length + 1)
        .toLowerCase() ?? '';
    if (pass('dkim')) {
      const domain = domainOf(property('header.i')) || property('header.d');
      if (DOMAIN.test(domain)) dkimDomains.push(domain);
    }
    if (pass('dmarc') && DOMAIN.test(property('header.from'))) dmarcDomain = property('header.from');
  }
  return { dkimDomains, ...(dmarcDomain ? { dmarcDomain } : {}) };
};
