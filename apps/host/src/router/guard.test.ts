import { describe, expect, it } from 'vitest';
import { decide, redirectTarget } from './guard';

const anon = { token: '', locked: false, loaded: false };
const fresh = { token: 't', locked: false, loaded: false };
const ready = { token: 't', locked: false, loaded: true };

describe('route guard (spec 1 §2.3)', () => {
  it('lets a visitor without a token open only /login, /auth-redirect and /jump', () => {
    for (const p of ['/login', '/auth-redirect', '/jump'])
      expect(decide(p, '', anon)).toEqual({ kind: 'pass' });
    expect(decide('/home', '?a=1', anon)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fhome%3Fa%3D1',
    });
    expect(decide('/lockScreen', '', anon).kind).toBe('redirect');
  });
  it('sends a logged-in visitor asking for /login to /', () => {
    expect(decide('/login', '', ready)).toEqual({ kind: 'redirect', to: '/' });
  });
  it('keeps everything on /lockScreen while locked', () => {
    const locked = { ...ready, locked: true };
    expect(decide('/home', '', locked)).toEqual({ kind: 'redirect', to: '/lockScreen' });
    expect(decide('/login', '', locked)).toEqual({ kind: 'redirect', to: '/lockScreen' });
    expect(decide('/lockScreen', '', locked)).toEqual({ kind: 'pass' });
    expect(decide('/lockScreen', '', { ...fresh, locked: true })).toEqual({ kind: 'pass' });
  });
  it('sends a user who just logged out to a plain /login', () => {
    expect(decide('/home', '', { ...anon, loggedOut: true })).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('lets type=sso through', () => {
    expect(decide('/home', '?type=sso', anon)).toEqual({ kind: 'pass' });
  });
  it('loads the user info on first entry, then passes', () => {
    expect(decide('/home', '', fresh)).toEqual({ kind: 'load' });
    expect(decide('/anything', '', ready)).toEqual({ kind: 'pass' });
  });
  it('only follows in-app redirects after login', () => {
    expect(redirectTarget('?redirect=%2Fprofile%3Faction%3Dpassword')).toBe('/profile?action=password');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2Flogin')).toBe('/');
    expect(redirectTarget('')).toBe('/');
  });
});
