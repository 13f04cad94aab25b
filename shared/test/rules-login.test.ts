import { describe, expect, it } from 'vitest';
import { isValidTwoFactorCode, messages, sanitizeCodeInput, validateLoginForm } from '../src/rules/index.ts';

describe('login messages', () => {
  it('are the spec texts', () => {
    expect(messages.login).toEqual({
      emailRequired: 'Email is required',
      emailInvalid: 'Invalid email format',
      passwordRequired: 'Password is required',
      passwordTooShort: 'Password must be at least 6 characters',
      twoFactorInvalid: 'Please enter a valid 6-digit code',
    });
  });
});

describe('validateLoginForm', () => {
  it('accepts valid credentials', () => {
    expect(validateLoginForm({ email: 'admin@example.com', password: 'admin123' })).toEqual({});
    expect(validateLoginForm({ email: '  admin@example.com ', password: '123456' })).toEqual({});
  });

  it('requires both fields', () => {
    expect(validateLoginForm({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateLoginForm({})).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateLoginForm({ email: '   ', password: '123456' })).toEqual({ email: 'Email is required' });
    expect(validateLoginForm({ email: null, password: 42 })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('checks the email format', () => {
    for (const email of ['admin', 'admin@', '@example.com', 'a b@example.com', 'admin@example']) {
      expect(validateLoginForm({ email, password: '123456' })).toEqual({ email: 'Invalid email format' });
    }
  });

  it('checks the password length at the 6-character boundary', () => {
    expect(validateLoginForm({ email: 'a@b.co', password: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(validateLoginForm({ email: 'a@b.co', password: '123456' })).toEqual({});
    // Passwords are not trimmed: spaces count.
    expect(validateLoginForm({ email: 'a@b.co', password: '      ' })).toEqual({});
  });
});

describe('two-factor code', () => {
  it('accepts exactly 6 digits', () => {
    expect(isValidTwoFactorCode('123456')).toBe(true);
    expect(isValidTwoFactorCode('000000')).toBe(true);
  });

  it('rejects anything else', () => {
    for (const code of ['12345', '1234567', '12345a', ' 123456', '١٢٣٤٥٦', '', null, undefined]) {
      expect(isValidTwoFactorCode(code)).toBe(false);
    }
  });

  it('sanitises input to digits only, at most 6', () => {
    expect(sanitizeCodeInput('12a3-4 5')).toBe('12345');
    expect(sanitizeCodeInput('123 456 789')).toBe('123456');
    expect(sanitizeCodeInput('abc')).toBe('');
    expect(sanitizeCodeInput(null)).toBe('');
  });
});
