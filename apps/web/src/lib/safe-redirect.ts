/**
 * Where to go after login. Only same-app paths are accepted ('/fleet', not '//evil.example' or
 * 'https://…'), so a crafted login link cannot send the user to another site.
 */
export function safeRedirectPath(candidate: string | null | undefined, fallback = '/'): string {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) {
    return fallback;
  }
  if (candidate.startsWith('/login')) return fallback;
  return candidate;
}

/** The login URL that brings the user back to `pathWithSearch` afterwards. */
export function loginPathFor(pathWithSearch: string): string {
  const target = safeRedirectPath(pathWithSearch);
  return target === '/' ? '/login' : `/login?${new URLSearchParams({ redirectTo: target }).toString()}`;
}
