import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The serious and critical violations on the page as it is now, one line per element. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Fades and slides finished: a half-faded element would fail the contrast rule for no real reason. The map
  // counts too: Leaflet flies to a chosen cart in JavaScript (no CSS animation while it does) and the
  // cluster bubbles fade in after it, so the map's pane must have kept still for a moment as well (a bubble
  // measured mid-fade failed the contrast rule once in CI).
  await page.waitForFunction(
    () => {
      const quiet = window as unknown as { fwQuiet?: { transform: string; since: number } };
      const moving =
        document
          .getAnimations()
          .some(
            (animation) =>
              animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
          ) || document.querySelector('.leaflet-cluster-anim, .leaflet-zoom-anim') !== null;
      // Where the map and its markers stand, and how opaque they are: unchanged while nothing moves.
      const transform = [...document.querySelectorAll<HTMLElement>('.leaflet-map-pane, .leaflet-marker-icon')]
        .map((element) => `${element.style.transform}/${element.style.opacity}`)
        .join(' ');
      const now = performance.now();
      if (moving || quiet.fwQuiet?.transform !== transform) {
        quiet.fwQuiet = { transform, since: now };
        return false;
      }
      return now - quiet.fwQuiet.since >= 400;
    },
    undefined,
    { polling: 50, timeout: 45_000 },
  );
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Only violations are read: axe skips gathering the passed and incomplete checks' details, about a
    // sixth of its time on these pages (docs/performance.md, CI time).
    .options({ resultTypes: ['violations'] })
    // Map tiles are unreachable in the suite; Leaflet's tile panes hold only decorative images.
    .exclude('.leaflet-tile-pane')
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`,
      ),
    );
}
