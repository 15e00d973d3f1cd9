import { beforeEach, describe, expect, it } from 'vitest';
import {
  cooldownSecondsLeft,
  PUBLISH_COOLDOWN_MS,
  storedPublishTime,
  storePublishTime,
} from './publish-cooldown';

const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('publish cooldown', () => {
  beforeEach(() => localStorage.clear());

  it('lasts 30 s from publishing, counting whole seconds up', () => {
    expect(cooldownSecondsLeft(NOW, NOW)).toBe(30);
    expect(cooldownSecondsLeft(NOW, NOW + 100)).toBe(30);
    expect(cooldownSecondsLeft(NOW, NOW + 29_001)).toBe(1);
    expect(cooldownSecondsLeft(NOW, NOW + PUBLISH_COOLDOWN_MS)).toBe(0);
    expect(cooldownSecondsLeft(null, NOW)).toBe(0);
  });

  it('ignores a publish time in the future, so a clock set back does not lock the button', () => {
    expect(cooldownSecondsLeft(NOW + 3_600_000, NOW)).toBe(0);
  });

  it('survives a reload through local storage and ignores unreadable values', () => {
    expect(storedPublishTime()).toBeNull();
    storePublishTime(NOW);
    expect(storedPublishTime()).toBe(NOW);
    localStorage.setItem('fairway.members.codesPublishedAt', 'soon');
    expect(storedPublishTime()).toBeNull();
  });
});
