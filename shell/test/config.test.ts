import { describe, expect, it } from 'vitest';
import { developmentConfig, resolveConfig } from '../src/config.ts';

describe('runtime configuration (spec section 1)', () => {
  it('uses the development values when the live flag is off', () => {
    expect(resolveConfig({ live: false }, 'https://admin.example.com')).toEqual({
      ...developmentConfig,
      live: false,
    });
    expect(resolveConfig(undefined, 'https://admin.example.com').apiBaseUrl).toBe(
      'http://localhost:3000/api',
    );
  });

  it('derives the production values from the page origin when live is on', () => {
    for (const live of [true, 1, '1', 'true']) {
      expect(resolveConfig({ live }, 'https://admin.example.com')).toEqual({
        apiBaseUrl: 'https://admin.example.com/api',
        assetsUrl: 'https://admin.example.com',
        appUrl: 'https://admin.example.com',
        live: true,
      });
    }
  });

  it('lets explicit addresses win and trims trailing slashes of the API base', () => {
    const config = resolveConfig(
      { live: 1, apiBaseUrl: 'https://api.example.com/v1/' },
      'https://admin.example.com',
    );
    expect(config.apiBaseUrl).toBe('https://api.example.com/v1');
    expect(config.appUrl).toBe('https://admin.example.com');
  });
});
