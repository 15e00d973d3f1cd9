import '../../../lib/i18n';
import { MAP, type CartView } from '@fairway/domain';
import { act, cleanup, render } from '@testing-library/react';
import { MapContainer } from 'react-leaflet';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeCart } from '../../../test/carts';
import { CartMarkersLayer } from './CartMarkersLayer';

// Two carts parked side by side at the barn, one out on the course.
const barnA = makeCart({ carNumber: '1', gpsCoordinates: '50.000000,14.000000' });
const barnB = makeCart({ carNumber: '2', gpsCoordinates: '50.000010,14.000010' });
const course = makeCart({ carNumber: '3', gpsCoordinates: '50.010000,14.020000' });

interface LayerProps {
  carts?: CartView[];
  clustering: boolean;
  zoom?: number;
  alerted?: ReadonlySet<string>;
  overdue?: ReadonlySet<string>;
  onSelect?: (cartId: string) => void;
}

function Layer({
  carts = [barnA, barnB, course],
  clustering,
  zoom = 16,
  alerted = new Set(),
  overdue = new Set(),
  onSelect = () => undefined,
}: LayerProps) {
  return (
    <MapContainer center={[50, 14]} zoom={zoom} maxZoom={MAP.maxZoom}>
      <CartMarkersLayer
        carts={carts}
        selectedCartId={null}
        alertedCartIds={alerted}
        overdueCartIds={overdue}
        clustering={clustering}
        onSelect={onSelect}
      />
    </MapContainer>
  );
}

const markerIds = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-testid^="cart-marker-"]')].map((marker) =>
    marker.getAttribute('data-testid'),
  );

// jsdom lays nothing out, so the map would be 0 × 0 px and the cluster group, which draws only what lies
// inside the view, would draw nothing.
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterAll(() => vi.restoreAllMocks());
afterEach(cleanup);

describe('cart markers layer', () => {
  it('without clustering, every cart has its own marker with the test hooks', () => {
    const { container } = render(<Layer clustering={false} />);
    expect(markerIds(container).sort()).toEqual(['cart-marker-1', 'cart-marker-2', 'cart-marker-3']);
    const marker = container.querySelector('[data-testid="cart-marker-3"]');
    expect(marker?.getAttribute('data-lat')).toBe('50.010000');
    expect(marker?.getAttribute('data-lng')).toBe('14.020000');
    expect(marker?.getAttribute('aria-label')).toBe(`Cart 3 · ${course.carName}`);
  });

  it('with clustering, carts close together become one bubble with their count', () => {
    const { container } = render(<Layer clustering />);
    expect(markerIds(container)).toEqual(['cart-marker-3']);
    const bubble = container.querySelector('.fw-cart-cluster__count');
    expect(bubble?.textContent).toBe('2');
    expect(bubble?.getAttribute('aria-label')).toBe('Group of 2 carts');
  });

  it('shows single carts again from the zoom where clustering stops (only those in view)', () => {
    const { container } = render(<Layer clustering zoom={MAP.disableClusteringAtZoom} />);
    expect(markerIds(container).sort()).toEqual(['cart-marker-1', 'cart-marker-2']);
    expect(container.querySelector('.fw-cart-cluster')).toBeNull();
  });

  it('switching clustering off brings the clustered markers back', () => {
    const { container, rerender } = render(<Layer clustering />);
    rerender(<Layer clustering={false} />);
    expect(markerIds(container).sort()).toEqual(['cart-marker-1', 'cart-marker-2', 'cart-marker-3']);
    expect(container.querySelector('.fw-cart-cluster')).toBeNull();
  });

  it('a bubble holding a cart inside a restriction zone pulses like the cart would', () => {
    const { container, rerender } = render(<Layer clustering />);
    expect(container.querySelector('.fw-cart-cluster.fw-cart-marker--alerted')).toBeNull();
    rerender(<Layer clustering alerted={new Set([barnB._id])} />);
    expect(container.querySelector('.fw-cart-cluster.fw-cart-marker--alerted')).not.toBeNull();
  });

  it('a bubble holding a cart whose ride is overdue wears the amber ring, and drops it when the ride ends', () => {
    const { container, rerender } = render(<Layer clustering />);
    expect(container.querySelector('.fw-cart-cluster--overdue')).toBeNull();
    rerender(<Layer clustering overdue={new Set([barnA._id])} />);
    expect(container.querySelector('.fw-cart-cluster.fw-cart-cluster--overdue')).not.toBeNull();
    rerender(<Layer clustering overdue={new Set()} />);
    expect(container.querySelector('.fw-cart-cluster--overdue')).toBeNull();
  });

  it.each([false, true])(
    'a new report moves the test hooks at once and a click selects the cart (clustering %s)',
    (clustering) => {
      const onSelect = vi.fn();
      const { container, rerender } = render(<Layer clustering={clustering} onSelect={onSelect} />);
      const moved = { ...course, gpsCoordinates: '50.010500,14.020500' };
      rerender(<Layer clustering={clustering} carts={[barnA, barnB, moved]} onSelect={onSelect} />);
      const marker = container.querySelector<HTMLElement>('[data-testid="cart-marker-3"]');
      expect(marker?.getAttribute('data-lat')).toBe('50.010500');
      expect(marker?.getAttribute('data-lng')).toBe('14.020500');
      act(() => marker?.click());
      expect(onSelect).toHaveBeenCalledWith(course._id);
    },
  );

  it('the icon glides from where it stood to the new report over the marker animation time', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    try {
      const { container, rerender } = render(<Layer clustering={false} />);
      const icon = () => container.querySelector<HTMLElement>('[data-testid="cart-marker-3"]');
      // jsdom has no 3D transforms, so Leaflet positions icons with left/top.
      const x = () => Number.parseFloat(icon()?.style.left ?? '');
      const start = x();

      const moved = { ...course, gpsCoordinates: '50.010000,14.030000' };
      rerender(<Layer clustering={false} carts={[barnA, barnB, moved]} />);
      expect(x()).toBe(start);

      act(() => vi.advanceTimersByTime(MAP.markerAnimationMs / 2));
      const middle = x();
      act(() => vi.advanceTimersByTime(MAP.markerAnimationMs));
      const end = x();
      expect(end).toBeGreaterThan(start);
      expect(middle).toBeCloseTo((start + end) / 2, -1);
    } finally {
      vi.useRealTimers();
    }
  });
});
