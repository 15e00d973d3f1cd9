import { describe, expect, it } from 'vitest';
import { makeMember, profileId } from '../testing/member-fixtures';
import { linkRequest, unlinkRequest } from './member-links';

describe('link and unlink requests', () => {
  const ann = makeMember({ email: 'ann@example.com' });
  const bob = makeMember({ email: 'bob@example.com', profile: profileId(1) });
  const eve = makeMember({ email: 'eve@example.com' });

  it('links only the members without an app profile, by email', () => {
    expect(linkRequest([ann, bob, eve])).toEqual({ 'ann@example.com': ann._id, 'eve@example.com': eve._id });
    expect(linkRequest([bob])).toEqual({});
  });

  it('unlinks only the members with an app profile, member id to profile id', () => {
    expect(unlinkRequest([ann, bob, eve])).toEqual({ [bob._id]: profileId(1) });
    expect(unlinkRequest([ann, eve])).toEqual({});
  });
});
