import { create } from 'zustand';
import { useAuth } from '../auth/store.ts';
import { runtimeConfig } from '../config.ts';
import { createAxios, createHttpClient } from './client.ts';

type Navigate = (to: string, options?: { replace?: boolean }) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);

/**
 * docs/architecture.md#where-each-kind-of-rule-lives: whether the 503 redirect to /maintenance has happened
 * (it happens once until left).
 */
export const useMaintenanceRedirect = create<{ shown: boolean }>(() => ({ shown: false }));

/** The router registers itself here so that code outside React (the HTTP layer) can navigate. */
export function setNavigator(navigate: Navigate) {
  navigateTo = navigate;
}

export function navigate(to: string, options?: { replace?: boolean }) {
  navigateTo(to, options);
}

/**
 * docs/architecture.md#where-each-kind-of-rule-lives: a 503 goes to /maintenance once; leaving the page arms
 * it again.
 */
export function leaveMaintenance() {
  useMaintenanceRedirect.setState({ shown: false });
  navigate('/');
}

export const axiosInstance = createAxios({
  baseURL: runtimeConfig.apiBaseUrl,
  getToken: () => useAuth.getState().token,
  onUnauthorized() {
    useAuth.getState().clear();
    navigate('/', { replace: true });
  },
  onMaintenance() {
    if (useMaintenanceRedirect.getState().shown) return;
    useMaintenanceRedirect.setState({ shown: true });
    navigate('/maintenance', { replace: true });
  },
});

export const http = createHttpClient(axiosInstance);

/** For calls that check the admin's password or 2FA code: a wrong one answers 401 but keeps the session. */
export const credentialHttp = createHttpClient(axiosInstance, { credentialCheck: true });
