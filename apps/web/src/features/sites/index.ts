/**
 * The public surface of features/sites: what other features may import from it (docs/architecture.md,
 * "The web app"); the rest of the folder is its own.
 */
export { useDownloadPoster } from './api/download-poster';
export { siteQueryOptions, useSite } from './api/get-site';
export { useUpdateSite } from './api/update-site';
export { useUploadSiteImage, type SiteImageKind } from './api/upload-site-image';
