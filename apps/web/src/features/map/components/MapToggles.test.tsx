import '../../../lib/i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { useClustering } from '../clustering';
import { MapToggles } from './MapToggles';

/** The map's toggle column wired to the remembered clustering choice, as the live map wires it. */
function ClusteringToggles() {
  const [clustering, setClustering] = useClustering();
  return (
    <MapToggles
      state={{ carts: true, trails: false, findCart: false, clustering }}
      onChange={(toggle, on) => {
        if (toggle === 'clustering') setClustering(on);
      }}
    />
  );
}

const clusterToggle = () => screen.getByTestId('map-cluster-toggle');

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('clustering toggle', () => {
  it('groups nearby carts until the operator turns it off', () => {
    render(<ClusteringToggles />);
    expect(clusterToggle().getAttribute('aria-pressed')).toBe('true');
    expect(clusterToggle().getAttribute('aria-label')).toBe('Group nearby carts');
  });

  it('remembers the choice locally, so the next visit starts with it', () => {
    const first = render(<ClusteringToggles />);
    fireEvent.click(clusterToggle());
    expect(clusterToggle().getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem(STORAGE_KEYS.mapClustering)).toBe('off');
    first.unmount();

    render(<ClusteringToggles />);
    expect(clusterToggle().getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(clusterToggle());
    expect(clusterToggle().getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.mapClustering)).toBe('on');
  });

  it('falls back to clustering when the browser refuses storage', () => {
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new Error('denied');
    };
    try {
      render(<ClusteringToggles />);
      expect(clusterToggle().getAttribute('aria-pressed')).toBe('true');
    } finally {
      Storage.prototype.getItem = getItem;
    }
  });
});
