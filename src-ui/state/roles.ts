/** Where each kind of user belongs (spec 1, spec 6): full access → /home, limited → /workorder-home. */
export function homeFor(user: { full_feature_access: boolean }): string {
  return user.full_feature_access ? '/home' : '/workorder-home';
}
