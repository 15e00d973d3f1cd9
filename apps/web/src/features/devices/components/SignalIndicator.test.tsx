import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { makeCart } from '../../../test/carts';
import { SignalIndicator } from './SignalIndicator';

afterEach(cleanup);

describe('SignalIndicator', () => {
  it('shows WiFi strength as dots, named for screen readers', () => {
    render(<SignalIndicator cart={makeCart({ conType: 'W', wifiSignal: -60 })} />);
    expect(screen.getByRole('img', { name: 'WiFi signal: 3 of 4' })).toBeTruthy();
    expect(screen.getAllByTestId('signal-dot-on')).toHaveLength(3);
    expect(screen.queryByText(/dBm/)).toBeNull();
  });

  it('shows the cellular CSQ to admins when asked', () => {
    render(<SignalIndicator cart={makeCart({ conType: 'G', gprsSignal: 23 })} showValue />);
    expect(screen.getByRole('img', { name: 'Cellular signal: 4 of 4 (CSQ 23)' })).toBeTruthy();
    expect(screen.getByText('CSQ 23')).toBeTruthy();
  });

  it('shows an unknown CSQ (99) with no dots', () => {
    render(<SignalIndicator cart={makeCart({ conType: 'G', gprsSignal: 99 })} />);
    expect(screen.getByRole('img', { name: 'Cellular signal: unknown' })).toBeTruthy();
    expect(screen.queryAllByTestId('signal-dot-on')).toHaveLength(0);
  });

  it('says so before the cart has reported a link', () => {
    render(<SignalIndicator cart={makeCart({ conType: null })} showValue />);
    expect(screen.getByRole('img', { name: 'No connection reported yet' })).toBeTruthy();
  });
});
