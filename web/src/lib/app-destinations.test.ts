import { describe, expect, it } from 'vitest';
import { matchDestinations } from './app-destinations';

const labels = (query: string, admin: boolean) => matchDestinations(query, admin).map((destination) => destination.label);

describe('the palette destinations', () => {
  it('finds a screen by a word of its label or keywords, in any case, every word typed counting', () => {
    expect(labels('2FA', false)).toEqual(['User Settings: Security']);
    expect(labels('billing', false)).toEqual(['Billing']);
    expect(labels('settings security', false)).toEqual(['User Settings: Security']);
    expect(labels('nothing-like-this', true)).toEqual([]);
  });

  it("offers the admins' screens to admins only", () => {
    expect(labels('invite', true)).toEqual(['Invite people']);
    expect(labels('invite', false)).toEqual([]);
    expect(labels('audit', false)).toEqual([]);
    expect(labels('', false)).not.toContain('Account Settings: Users');
    expect(labels('', true)).toContain('Account Settings: Users');
  });
});
