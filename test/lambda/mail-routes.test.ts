import { MAIL_TOKEN_PATTERN, MAIL_WORDS, STATEMENT_ROUTES, mailTokenOf } from '../../contract';
import { mailTokenFrom } from '../../contract/mail';
import { createStatementsApi } from '../../lambda/statements/core';
import { ALICE, BOB, TEST_MAIL_DOMAIN, apiEvent, json, memoryApiDeps, memoryMailAddresses } from '../support/lambda-fakes';

const setup = (options: { domain?: string; random?: (size: number) => Uint8Array } = {}) => {
  const addresses = memoryMailAddresses();
  const deps = memoryApiDeps();
  const api = createStatementsApi({
    ...deps,
    mail: { ...deps.mail, domain: 'domain' in options ? options.domain : TEST_MAIL_DOMAIN, addresses, random: options.random },
  });
  const read = async (sub = ALICE) => api(apiEvent({ ...STATEMENT_ROUTES.mailAddress, sub }));
  const renew = async (sub = ALICE) => api(apiEvent({ ...STATEMENT_ROUTES.newMailAddress, sub }));
  return { addresses, read, renew, log: deps.log };
};

describe('a private mail address', () => {
  test('none until asked for; a new one is random, under the domain, and is the one read after', async () => {
    const { read, renew, addresses } = setup();
    expect(json(await read())).toEqual({ address: null });
    const made = await renew();
    expect(made.statusCode).toBe(201);
    const { address } = json(made) as { address: string };
    const token = mailTokenOf(address, TEST_MAIL_DOMAIN);
    expect(token).toMatch(MAIL_TOKEN_PATTERN);
    expect(address).toBe(`s-${token}@${TEST_MAIL_DOMAIN}`);
    expect(json(await read())).toEqual({ address });
    expect(await addresses.ownerOf(token!)).toEqual({ sub: ALICE });
  });

  test('a new address retires the old one at once; each person has their own', async () => {
    const { read, renew, addresses } = setup();
    const first = (json(await renew()) as { address: string }).address;
    const second = (json(await renew()) as { address: string }).address;
    expect(second).not.toBe(first);
    expect(await addresses.ownerOf(mailTokenOf(first, TEST_MAIL_DOMAIN)!)).toBeUndefined();
    expect(await addresses.ownerOf(mailTokenOf(second, TEST_MAIL_DOMAIN)!)).toEqual({ sub: ALICE });
    expect(json(await read(BOB))).toEqual({ address: null });
    const bobs = (json(await renew(BOB)) as { address: string }).address;
    expect(bobs).not.toBe(second);
    expect(json(await read())).toEqual({ address: second });
  });

  test('a token someone holds is drawn again, never shared', async () => {
    const draws = [new Uint8Array(20).fill(1), new Uint8Array(20).fill(1), new Uint8Array(20).fill(2)];
    const { renew } = setup({ random: () => draws.shift()! });
    const alices = (json(await renew(ALICE)) as { address: string }).address;
    const bobs = (json(await renew(BOB)) as { address: string }).address;
    expect(mailTokenOf(alices, TEST_MAIL_DOMAIN)).toBe(mailTokenFrom(new Uint8Array(20).fill(1)));
    expect(mailTokenOf(bobs, TEST_MAIL_DOMAIN)).toBe(mailTokenFrom(new Uint8Array(20).fill(2)));
  });

  test('where the deployment names no mail domain, both routes say so (404) and nothing is stored', async () => {
    const { read, renew, addresses } = setup({ domain: undefined });
    for (const answer of [await read(), await renew()]) {
      expect(answer.statusCode).toBe(404);
      expect(json(answer).error).toEqual({ code: 'NOT_FOUND', message: MAIL_WORDS.mailOff });
    }
    expect(addresses.owners.size).toBe(0);
  });

  test('the log says an address was replaced, never the address', async () => {
    const { renew, log } = setup();
    const { address } = json(await renew()) as { address: string };
    expect(log.text()).toContain('mail address replaced');
    expect(log.text()).not.toContain(mailTokenOf(address, TEST_MAIL_DOMAIN)!);
  });
});
