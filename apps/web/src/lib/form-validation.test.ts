import { loginBody, registerBody } from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import { withPasswordConfirmation, zodFormResolver } from './form-validation';

const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as const;

describe('zodFormResolver', () => {
  const login = zodFormResolver(loginBody);
  const register = zodFormResolver(withPasswordConfirmation(registerBody.shape.password));

  it('returns the parsed values (trimmed, lower-cased email) when valid', async () => {
    const result = await login({ email: '  Admin@Example.com ', password: 'x' }, undefined, resolverOptions);
    expect(result).toEqual({ values: { email: 'admin@example.com', password: 'x' }, errors: {} });
  });

  it('says "required" for empty fields and names a malformed email', async () => {
    const empty = await login({ email: '', password: '' }, undefined, resolverOptions);
    expect(empty.errors.email?.message).toBe('This field is required');
    expect(empty.errors.password?.message).toBe('This field is required');

    const malformed = await login({ email: 'not-an-email', password: 'x' }, undefined, resolverOptions);
    expect(malformed.errors.email?.message).toBe('Please enter a valid email address');
  });

  it('applies the domain password minimum with a translated message', async () => {
    const result = await register({ password: 'abc', confirmPassword: 'abc' }, undefined, resolverOptions);
    expect(result.errors.password?.message).toBe('Must be at least 6 characters');
  });

  it('requires the confirmation to match', async () => {
    const result = await register(
      { password: 'long-enough', confirmPassword: 'different' },
      undefined,
      resolverOptions,
    );
    expect(result.errors.confirmPassword?.message).toBe('Passwords must match');
    expect(result.errors.password).toBeUndefined();
  });
});
