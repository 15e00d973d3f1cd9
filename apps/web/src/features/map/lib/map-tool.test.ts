import { describe, expect, it } from 'vitest';
import { canPressTool, pressTool } from './map-tool';

describe('map tools', () => {
  it('opens a tool, and its button closes it again', () => {
    expect(pressTool(null, 'history')).toBe('history');
    expect(pressTool('history', 'history')).toBeNull();
    expect(pressTool(null, 'zones')).toBe('zones');
  });

  it('only one is open: Zones replaces the history view', () => {
    expect(pressTool('history', 'zones')).toBe('zones');
  });

  it('the zone editor is closed only by its own toolbar, which confirms and publishes', () => {
    expect(canPressTool('zones')).toBe(false);
    expect(pressTool('zones', 'history')).toBe('zones');
    expect(pressTool('zones', 'zones')).toBe('zones');
    expect(canPressTool('history')).toBe(true);
    expect(canPressTool(null)).toBe(true);
  });

  it('the course editor, too, is closed only by its own toolbar, which asks before dropping changes', () => {
    expect(pressTool('history', 'course')).toBe('course');
    expect(canPressTool('course')).toBe(false);
    expect(pressTool('course', 'zones')).toBe('course');
    expect(pressTool('course', 'course')).toBe('course');
  });
});
