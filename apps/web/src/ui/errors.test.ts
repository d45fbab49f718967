import { describe, expect, it } from 'vitest';
import { errorMessage } from './errors';

describe('errorMessage', () => {
  it('uses the server message', () => {
    expect(errorMessage({ message: 'Alias er allerede i brug.' })).toBe('Alias er allerede i brug.');
  });
  it('prefers the first zod field error', () => {
    expect(errorMessage({ message: '[{"code":"custom"}]', data: { fieldErrors: { name: ['Navn er påkrævet'] } } })).toBe('Navn er påkrævet');
  });
  it('falls back to the unknown-error text for network and technical failures', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Der opstod en ukendt fejl!');
    expect(errorMessage({ message: '[{"code":"invalid_type"}]' })).toBe('Der opstod en ukendt fejl!');
    expect(errorMessage(null)).toBe('Der opstod en ukendt fejl!');
  });
});
