/** The identity provider's authorize URL, opened in the same window (SPEC §2 /login, §7 "Other"). */
export function authorizeUrl(base: string, clientId: string, origin: string): string {
  const url = new URL(base, origin);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', `${origin}/callback`);
  return url.toString();
}
