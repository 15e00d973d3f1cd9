import { useEffect, type ReactNode } from 'react';
import { linkProps } from '../router/navigation';
import { Icon } from '../ui/icons';
import { LanguageMenu } from './LanguageMenu';

export interface SiteBrand {
  name: string;
  logoUrl: string | null;
}

/**
 * Every guest page: the club's name (and logo) with the language menu, then the page in one column that
 * fits a 360 px phone. `footer` stays at the bottom of the screen (the session's End ride button); `back`
 * puts an arrow before the name (the portal's inner pages lead back to the club's home). Plain elements
 * styled by ride.css: it is on the first screen, which carries no MUI (issue 22 item 6).
 */
export function RideLayout({
  title,
  site,
  children,
  footer,
  back,
}: {
  /** the document title (the page's own heading) */
  title: string;
  site?: SiteBrand | null;
  children: ReactNode;
  footer?: ReactNode;
  back?: { to: string; label: string };
}) {
  const siteName = site?.name || 'Fairway';
  useEffect(() => {
    document.title = `${title} · ${siteName}`;
  }, [title, siteName]);
  return (
    <div className="rd-page">
      <header className={back ? 'rd-header rd-header--back' : 'rd-header'}>
        {back && (
          <a className="rd-back" {...linkProps(back.to)} aria-label={back.label} title={back.label}>
            <Icon name="arrowBack" />
          </a>
        )}
        {site?.logoUrl && <img className="rd-logo" src={site.logoUrl} alt="" />}
        <p className="rd-site-name">{siteName}</p>
        <LanguageMenu />
      </header>
      <main id="ride-main" tabIndex={-1} className={footer ? 'rd-main rd-main--footer' : 'rd-main'}>
        {children}
      </main>
      {footer}
    </div>
  );
}
