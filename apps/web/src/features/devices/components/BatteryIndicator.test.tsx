import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { makeCart } from '../../../test/carts';
import { BatteryIndicator } from './BatteryIndicator';

afterEach(cleanup);

const fla = { cart: { model: 'Precedent' as const, brand: 'Club Car' }, power: 'FLA' as const, notes: '' };

describe('BatteryIndicator', () => {
  it('shows the percentage of the power type curve with a filled icon', () => {
    render(<BatteryIndicator cart={makeCart({ battVoltage: 47.735, vehicleInfo: fla })} />);
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByTitle('Battery')).toBeTruthy();
    expect(screen.getByTestId('battery-fill')).toBeTruthy();
  });

  it('shows Charging while the cart charges', () => {
    render(<BatteryIndicator cart={makeCart({ battCharge: true, vehicleInfo: fla })} />);
    expect(screen.getByText('Charging')).toBeTruthy();
    expect(screen.queryByTestId('battery-fill')).toBeNull();
  });

  it('shows ?? without vehicle info or with power type Unknown', () => {
    render(<BatteryIndicator cart={makeCart({ vehicleInfo: null })} />);
    render(<BatteryIndicator cart={makeCart({ vehicleInfo: { ...fla, power: 'Unknown' } })} />);
    expect(screen.getAllByText('??')).toHaveLength(2);
  });

  it('shows the volts instead of a percentage for Li-Ion', () => {
    render(
      <BatteryIndicator cart={makeCart({ battVoltage: 52.4, vehicleInfo: { ...fla, power: 'Li-Ion' } })} />,
    );
    expect(screen.getByText('52.40 V')).toBeTruthy();
    expect(screen.queryByText(/%/)).toBeNull();
  });
});
