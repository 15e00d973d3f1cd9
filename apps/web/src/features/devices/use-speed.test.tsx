import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { STORAGE_KEYS } from '../../lib/storage';
import { setSpeedUnit, useFormatSpeed, useSpeedUnit } from './use-speed';

afterEach(async () => {
  cleanup();
  setSpeedUnit('kph');
  await changeLocale('en');
});

describe('speed unit', () => {
  it('defaults to km/h and shows a dash for no speed', () => {
    const { result } = renderHook(() => useFormatSpeed());
    expect(result.current(12.46)).toBe('12.5 km/h');
    expect(result.current(null)).toBe('–');
  });

  it('follows a change of unit everywhere and remembers it', () => {
    const format = renderHook(() => useFormatSpeed());
    const unit = renderHook(() => useSpeedUnit());
    act(() => unit.result.current[1]('mph'));
    expect(unit.result.current[0]).toBe('mph');
    expect(format.result.current(20)).toBe('12.4 mph');
    expect(window.localStorage.getItem(STORAGE_KEYS.speedUnit)).toBe('mph');
  });

  it('formats numbers in the interface language', async () => {
    const { result } = renderHook(() => useFormatSpeed());
    await act(() => changeLocale('de'));
    expect(result.current(12.46)).toBe('12,5 km/h');
  });
});
