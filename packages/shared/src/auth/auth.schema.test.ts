import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, loginSchema, recoverPasswordSchema, resetPasswordSchema } from './auth.schema';

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('loginSchema', () => {
  it.each([
    [
      { email: '', password: '' },
      { email: AUTH_MESSAGES.emailRequired, password: AUTH_MESSAGES.passwordRequired },
    ],
    [{}, { email: AUTH_MESSAGES.emailRequired, password: AUTH_MESSAGES.passwordRequired }],
    [
      { email: 'not-an-email', password: 'short' },
      { email: AUTH_MESSAGES.emailInvalid, password: AUTH_MESSAGES.passwordMin },
    ],
  ])('rejects %j with the spec messages', (input, expected) => {
    expect(messagesOf(loginSchema.safeParse(input))).toEqual(expected);
  });

  it('accepts a valid sign-in and trims the e-mail', () => {
    expect(loginSchema.parse({ email: ' admin@example.com ', password: 'demo-password' })).toEqual({
      email: 'admin@example.com',
      password: 'demo-password',
    });
  });

  it('rejects unknown fields', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'demo-password', admin: true }).success).toBe(false);
  });
});

describe('recoverPasswordSchema', () => {
  it('requires a valid e-mail', () => {
    expect(messagesOf(recoverPasswordSchema.safeParse({ email: '' }))).toEqual({ email: AUTH_MESSAGES.emailRequired });
    expect(messagesOf(recoverPasswordSchema.safeParse({ email: 'x' }))).toEqual({ email: AUTH_MESSAGES.emailInvalid });
  });
});

describe('resetPasswordSchema', () => {
  const valid = { password: 'new-password', password_confirmation: 'new-password', password_token: 'abc' };

  it('accepts matching passwords', () => {
    expect(resetPasswordSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [
      { ...valid, password_confirmation: 'other-password' },
      { password_confirmation: AUTH_MESSAGES.passwordsMustMatch },
    ],
    [{ ...valid, password_confirmation: '' }, { password_confirmation: AUTH_MESSAGES.passwordConfirmationRequired }],
    [
      { ...valid, password: 'short', password_confirmation: 'short' },
      { password: AUTH_MESSAGES.passwordMin, password_confirmation: AUTH_MESSAGES.passwordMin },
    ],
  ])('rejects %j', (input, expected) => {
    expect(messagesOf(resetPasswordSchema.safeParse(input))).toEqual(expected);
  });
});

describe('e-mail field', () => {
  it('treats blanks as missing', () => {
    expect(messagesOf(recoverPasswordSchema.safeParse({ email: '   ' }))).toEqual({
      email: AUTH_MESSAGES.emailRequired,
    });
  });
});
