import { describe, expect, it } from 'vitest';
import { GROUP_SCHEMA, membersWanted, parseGroupPatch, parseGroupReplace } from './scim-group';
import { PATCH_SCHEMA } from './scim-user';

const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });
const members = (...ids: string[]) => ids.map((value) => ({ value }));

describe('a group PATCH read into membership changes (RFC 7644 §3.5.2)', () => {
  it('adds and removes people, the last operation on a person deciding', () => {
    const changes = parseGroupPatch(
      patch(
        { op: 'add', path: 'members', value: members('a', 'b') },
        { op: 'remove', path: 'members[value eq "a"]' },
        { op: 'Remove', path: 'members', value: members('c') },
      ),
      'admin',
    );
    expect(changes).toEqual({ add: ['b'], remove: ['a', 'c'] });
  });

  it('a replace of members, or a remove of them all, asks for a whole list that later operations edit', () => {
    expect(
      parseGroupPatch(
        patch({ op: 'replace', path: 'members', value: members('a') }, { op: 'add', path: 'members', value: members('b') }),
        'admin',
      ),
    ).toEqual({ replace: ['a', 'b'] });
    expect(parseGroupPatch(patch({ op: 'remove', path: 'members' }), 'admin')).toEqual({ replace: [] });
  });

  it('takes the displayName as it is and ignores externalId, but refuses a new name or another attribute', () => {
    expect(
      parseGroupPatch(patch({ op: 'replace', value: { displayName: 'administrators', externalId: 'okta-1' } }), 'admin'),
    ).toEqual({ add: [], remove: [] });
    expect(() => parseGroupPatch(patch({ op: 'replace', path: 'displayName', value: 'Owners' }), 'admin')).toThrow(
      expect.objectContaining({ status: 400, scimType: 'mutability' }),
    );
    expect(() => parseGroupPatch(patch({ op: 'add', path: 'description', value: 'x' }), 'staff')).toThrow(
      expect.objectContaining({ scimType: 'invalidPath' }),
    );
    expect(() => parseGroupPatch(patch({ op: 'add', path: 'members[value eq "a"]' }), 'staff')).toThrow(
      expect.objectContaining({ scimType: 'invalidPath' }),
    );
    expect(() => parseGroupPatch(patch({ op: 'add', path: 'members', value: [{ display: 'no id' }] }), 'staff')).toThrow(
      expect.objectContaining({ scimType: 'invalidValue' }),
    );
  });
});

describe('a group PUT (RFC 7644 §3.5.1)', () => {
  it('is the whole member list; members left out are cleared', () => {
    expect(parseGroupReplace({ schemas: [GROUP_SCHEMA], displayName: 'Staff', members: members('a') }, 'staff')).toEqual({
      replace: ['a'],
    });
    expect(parseGroupReplace({ schemas: [GROUP_SCHEMA], displayName: 'Administrators' }, 'admin')).toEqual({ replace: [] });
    expect(() => parseGroupReplace({ schemas: [GROUP_SCHEMA], displayName: 'Staff' }, 'admin')).toThrow(
      expect.objectContaining({ scimType: 'mutability' }),
    );
  });
});

describe('whether an answer lists members (RFC 7644 §3.4.2.5)', () => {
  it('not when excludedAttributes names them or attributes leaves them out', () => {
    expect(membersWanted({})).toBe(true);
    expect(membersWanted({ excludedAttributes: 'Members' })).toBe(false);
    expect(membersWanted({ attributes: 'displayName' })).toBe(false);
    expect(membersWanted({ attributes: 'displayName, members' })).toBe(true);
  });
});
