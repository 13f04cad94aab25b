import type { AdminUser } from '@backoffice/shared/host';
import { create } from 'zustand';
import { rolesInToken } from './token-roles.ts';

// shared/src/rules/constants.ts: local storage keys.
export const TOKEN_KEY = 'auth_token';
export const USER_KEY = 'user';

/** A user object without roles (stored by an older console, or a partial answer) takes the token's. */
function withRoles(user: AdminUser | null, token: string | null): AdminUser | null {
  if (!user || Array.isArray(user.roles)) return user;
  return { ...user, roles: rolesInToken(token) ?? [] };
}

function readUser(): AdminUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return withRoles(raw ? (JSON.parse(raw) as AdminUser) : null, localStorage.getItem(TOKEN_KEY));
  } catch {
    return null;
  }
}

interface AuthState {
  token: string | null;
  user: AdminUser | null;
  signIn(token: string, user: AdminUser): void;
  /** The admin as the API describes them now (roles changed meanwhile). */
  setUser(user: AdminUser): void;
  clear(): void;
}

/** The stored session. Its presence is the only gate of the console (docs/screens.md#access). */
export const useAuth = create<AuthState>((set) => ({
  token: localStorage.getItem(TOKEN_KEY),
  user: readUser(),
  signIn(token, answered) {
    const user = withRoles(answered, token) as AdminUser;
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ token, user });
  },
  setUser(user) {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ user });
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    set({ token: null, user: null });
  },
}));

// Another tab signing in or out changes this one too.
window.addEventListener('storage', (event) => {
  if (event.key === TOKEN_KEY || event.key === USER_KEY || event.key === null) {
    useAuth.setState({ token: localStorage.getItem(TOKEN_KEY), user: readUser() });
  }
});
