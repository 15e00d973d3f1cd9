import { describe, expect, it } from 'vitest';
import { shellFor } from './app';

describe('shellFor', () => {
  it('serves the guest ride page for ride and unlock links, with or without a query', () => {
    expect(shellFor('/ride/8d0c5c1e-8b5e-4a43-9d51-6f2d7f1c2b3a')).toBe('ride.html');
    expect(shellFor('/ride/abc/session/def?payment=1')).toBe('ride.html');
    expect(shellFor('/unlock/abc')).toBe('ride.html');
  });

  it('serves the guest entry for the site portal and the booking page (issue 18)', () => {
    expect(shellFor('/guest/site/8d0c5c1e-8b5e-4a43-9d51-6f2d7f1c2b3a')).toBe('ride.html');
    expect(shellFor('/guest/site/abc/master-key')).toBe('ride.html');
    expect(shellFor('/guest/booking/abc?code=123456')).toBe('ride.html');
  });

  it('serves the operator app everywhere else', () => {
    expect(shellFor('/rides')).toBe('index.html');
    expect(shellFor('/ride')).toBe('index.html');
    expect(shellFor('/ride/')).toBe('index.html');
    expect(shellFor('/')).toBe('index.html');
    expect(shellFor('/login?next=/ride/x')).toBe('index.html');
    expect(shellFor('/guest')).toBe('index.html');
    expect(shellFor('/guests/site/abc')).toBe('index.html');
  });
});
