// Protects: the sign-in's dummy hash costs what a real one does: it is made with the parameters every stored argon2id hash gets.
import { describe, expect, it } from 'vitest';
import { hashPassword, prepareDummyHash, verifyPassword } from '../../server/auth/password';

/** `$argon2id$v=19$m=…,t=…,p=…`: the part of a hash that decides what checking it costs. */
const parametersOf = (hash: string) => hash.split('$').slice(0, 4).join('$');

describe('the dummy hash', () => {
  it('has the parameters of the hashes we store, and accepts no password', async () => {
    const dummy = await prepareDummyHash();
    expect(parametersOf(dummy)).toBe(parametersOf(await hashPassword('any password')));
    expect(parametersOf(dummy)).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    expect((await verifyPassword(dummy, '')).ok).toBe(false);
    expect(await prepareDummyHash()).toBe(dummy);
  });
});
