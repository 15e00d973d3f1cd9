import { lazy, type ReactNode } from 'react';

/**
 * A later page or dialog that draws with MUI: its code and MUI's ride theme (with Emotion) load together
 * when it is first shown, so the first screen's entry carries neither (issue 22 item 6). As `lazy`, with the
 * theme around the loaded component.
 */
export function lazyWithTheme<P extends object>(load: () => Promise<{ default: (props: P) => ReactNode }>) {
  return lazy(async () => {
    const [{ RideThemeProvider }, { default: Page }] = await Promise.all([import('../RideTheme'), load()]);
    function Themed(props: P) {
      return (
        <RideThemeProvider>
          <Page {...props} />
        </RideThemeProvider>
      );
    }
    return { default: Themed };
  });
}
