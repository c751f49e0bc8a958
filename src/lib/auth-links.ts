/** Links to the sign-in page (owned by the sign-in feature), built in one place. */
export function signInHref(redirectPath?: string, { isExpired = false }: { isExpired?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (redirectPath && redirectPath !== '/') params.set('redirect', redirectPath);
  if (isExpired) params.set('expired', 'true');
  const query = params.toString();
  return query ? `/sign-in?${query}` : '/sign-in';
}
