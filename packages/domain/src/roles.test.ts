import { describe, expect, it } from 'vitest';
import { ROLES, hasRole } from './roles';

describe('hasRole', () => {
  it('passes at and above the required role, fails below', () => {
    expect(hasRole('basic', 'basic')).toBe(true);
    expect(hasRole('admin', 'basic')).toBe(true);
    expect(hasRole('guest', 'basic')).toBe(false);
    expect(hasRole('service', 'admin')).toBe(false);
    expect(hasRole('superadmin', 'superadmin')).toBe(true);
  });

  it('keeps the spec order guest < basic < user < service < admin < superadmin', () => {
    expect(ROLES).toEqual(['guest', 'basic', 'user', 'service', 'admin', 'superadmin']);
  });

  it('never passes an unknown or missing role', () => {
    expect(hasRole('pro', 'guest')).toBe(false);
    expect(hasRole(undefined, 'guest')).toBe(false);
    expect(hasRole(null, 'guest')).toBe(false);
  });
});
