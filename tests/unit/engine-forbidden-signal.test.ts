// Protects: a screen the server refused (403) stays denied at its location until the next navigation, and a new session's first screen is not denied by the last one's refusal (every router's first location has the key "default").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../src/providers/authProvider';
import { isForbidden, markForbidden, setCurrentLocationKey } from '../../src/providers/forbiddenSignal';

describe('the forbidden signal', () => {
  // Ending a session forgets the stored token: a storage of its own here (the unit project runs in Node).
  beforeEach(() => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => stored.set(k, v),
      removeItem: (k: string) => stored.delete(k), clear: () => stored.clear(),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('denies the location on display, not the next one', () => {
    setCurrentLocationKey('default');
    markForbidden();
    expect(isForbidden('default')).toBe(true);
    setCurrentLocationKey('k2');
    expect(isForbidden('k2')).toBe(false);
    endSession();
  });

  it('is forgotten when the session ends', () => {
    setCurrentLocationKey('default');
    markForbidden();
    expect(isForbidden('default')).toBe(true);
    endSession();
    expect(isForbidden('default')).toBe(false);
  });
});
