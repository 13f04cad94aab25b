import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { axiosInstance } from '../src/http/services.ts';

export type Handler = (config: InternalAxiosRequestConfig) => { status: number; data: unknown };

/**
 * Answers the shell's real axios instance from handlers keyed 'METHOD /path' (component tests only:
 * the composed app is tested against the real API in e2e). Returns the requests it saw.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const seen: InternalAxiosRequestConfig[] = [];
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
  axiosInstance.defaults.adapter = async (config) => {
    seen.push(config);
    const handler = handlers[`${config.method?.toUpperCase()} ${config.url}`];
    const answer = handler
      ? handler(config)
      : { status: 404, data: { success: false, message: 'Route not found' } };
    const response: AxiosResponse = { ...answer, statusText: '', headers: {}, config };
    if (answer.status < 300) return response;
    throw new AxiosError('Request failed', AxiosError.ERR_BAD_REQUEST, config, null, response);
  };
  return seen;
}

export const ok =
  (data: unknown, message = 'OK') =>
  () => ({ status: 200, data: { success: true, message, data } });
