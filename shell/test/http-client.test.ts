import { ApiError, errorMessage, errorReference } from '@backoffice/shared/host';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAxios, createHttpClient } from '../src/http/client.ts';

/** `replacedBy`: the session token is replaced (renewed) while this call is in flight. */
type Answer = { status: number; data: unknown; headers?: Record<string, string>; replacedBy?: string };
const ok = z.object({ success: z.boolean(), message: z.string() });

/** A fake server: answers by 'METHOD /path', records what was sent. */
function setup(answers: Record<string, Answer>, initialToken: string | null = 'tok') {
  let token = initialToken;
  const sent: InternalAxiosRequestConfig[] = [];
  const events = { unauthorized: 0, maintenance: 0 };
  const instance = createAxios({
    baseURL: 'http://api.test/api',
    getToken: () => token,
    onUnauthorized: () => {
      events.unauthorized += 1;
    },
    onMaintenance: () => {
      events.maintenance += 1;
    },
  });
  instance.defaults.adapter = async (config) => {
    sent.push(config);
    const key = `${config.method?.toUpperCase()} ${config.url}`;
    const answer = answers[key] ?? { status: 404, data: { success: false, message: 'Route not found' } };
    if (answer.replacedBy) token = answer.replacedBy;
    if (key === 'GET /health') document.cookie = 'XSRF-TOKEN=xsrf123; path=/';
    const response: AxiosResponse = {
      data: answer.data,
      status: answer.status,
      statusText: '',
      headers: answer.headers ?? {},
      config,
    };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError('Request failed', AxiosError.ERR_BAD_REQUEST, config, null, response);
  };
  return { http: createHttpClient(instance), sent, events };
}

describe('the HTTP client (spec sections 4 and 6)', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends the bearer token and Accept JSON, and parses the answer with the contract', async () => {
    const { http, sent } = setup({
      'GET /admin/x': { status: 200, data: { success: true, message: 'fine' } },
    });
    await expect(http.get('/admin/x', ok)).resolves.toEqual({ success: true, message: 'fine' });
    expect(sent[0]?.headers.Authorization).toBe('Bearer tok');
    expect(sent[0]?.headers.Accept).toBe('application/json');
  });

  it('fetches the XSRF cookie before the first state-changing call and echoes it in X-XSRF-TOKEN', async () => {
    const { http, sent } = setup({
      'GET /health': { status: 200, data: { success: true, message: 'ok' } },
      'POST /admin/y': { status: 200, data: { success: true, message: 'done' } },
    });
    await http.post('/admin/y', { a: 1 }, ok);
    expect(sent.map((config) => `${config.method} ${config.url}`)).toEqual(['get /health', 'post /admin/y']);
    expect(sent[1]?.headers['X-XSRF-TOKEN']).toBe('xsrf123');
  });

  it('rejects an answer that breaks the contract with "Invalid response from server"', async () => {
    const { http } = setup({ 'GET /admin/x': { status: 200, data: { nope: true } } });
    const error = await http.get('/admin/x', ok).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Invalid response from server');
  });

  it('on 401 with a token: forgets the session; the server message reaches the caller', async () => {
    const { http, events } = setup({
      'GET /admin/x': { status: 401, data: { success: false, message: 'Invalid or expired token' } },
    });
    const error = await http.get('/admin/x', ok).catch((e: unknown) => e);
    expect(events.unauthorized).toBe(1);
    expect(errorMessage(error, 'fallback')).toBe('Invalid or expired token');
  });

  it('a 401 to a call sent with a token replaced since (a renewed session) keeps the new session', async () => {
    const expired = { success: false, message: 'Invalid or expired token' };
    const { http, events } = setup({
      'GET /admin/old': { status: 401, data: expired, replacedBy: 'renewed' },
      'GET /admin/x': { status: 401, data: expired },
    });
    const error = await http.get('/admin/old', ok).catch((e: unknown) => e);
    expect(errorMessage(error, 'fallback')).toBe('Invalid or expired token');
    expect(events.unauthorized).toBe(0);
    await http.get('/admin/x', ok).catch(() => undefined);
    expect(events.unauthorized).toBe(1);
  });

  it("on 403 'Invalid or expired token' forgets the session, but not on another 403", async () => {
    const expired = setup({
      'GET /admin/x': { status: 403, data: { success: false, message: 'Invalid or expired token' } },
    });
    await expired.http.get('/admin/x', ok).catch(() => undefined);
    expect(expired.events.unauthorized).toBe(1);
    const other = setup({
      'GET /admin/x': { status: 403, data: { success: false, message: 'Invalid or missing XSRF token' } },
    });
    await other.http.get('/admin/x', ok).catch(() => undefined);
    expect(other.events.unauthorized).toBe(0);
  });

  it('a 401 on sign-in (no token yet) is just an error, not a sign-out', async () => {
    const { http, events } = setup(
      {
        'GET /health': { status: 200, data: { success: true, message: 'ok' } },
        'POST /admin/auth/login': {
          status: 401,
          data: { success: false, message: 'Invalid email or password' },
        },
      },
      null,
    );
    const error = await http.post('/admin/auth/login', {}, ok).catch((e: unknown) => e);
    expect(events.unauthorized).toBe(0);
    expect(errorMessage(error, 'Login failed')).toBe('Invalid email or password');
  });

  it('on 503 reports maintenance', async () => {
    const { http, events } = setup({
      'GET /admin/x': { status: 503, data: { success: false, message: 'Server is under maintenance' } },
    });
    await http.get('/admin/x', ok).catch(() => undefined);
    expect(events.maintenance).toBe(1);
  });

  it("keeps the answer's X-Request-Id as the failure's reference (none without the header)", async () => {
    const id = '5f0c7a52-8d4e-4b8e-9a51-0d9b1f3c2e77';
    const { http } = setup({
      'GET /admin/x': {
        status: 500,
        data: { success: false, message: 'Boom' },
        headers: { 'x-request-id': id },
      },
      'GET /admin/y': { status: 400, data: { success: false, message: 'Bad' } },
    });
    const failed = await http.get('/admin/x', ok).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect(errorReference(failed)).toBe(id);
    expect(errorReference(await http.get('/admin/y', ok).catch((e: unknown) => e))).toBeUndefined();
    expect(errorReference(new Error('not an API failure'))).toBeUndefined();
  });

  it('uses the fallback when the server sent no message', async () => {
    const { http } = setup({ 'GET /admin/x': { status: 500, data: '<html>oops</html>' } });
    const error = await http.get('/admin/x', ok).catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('bad-response');
    expect(errorMessage(error, 'Failed to fetch mines data')).toBe('Failed to fetch mines data');
  });

  it('shows a validation message without the field name the API puts in front of it', async () => {
    const { http } = setup({
      'POST /admin/lottery': {
        status: 400,
        data: {
          success: false,
          message: 'ticket_price: Ticket price must be at least 1',
          field: 'ticket_price',
        },
      },
      'POST /admin/other': { status: 400, data: { success: false, message: 'Note: nothing to do' } },
    });
    const validation = await http.post('/admin/lottery', {}, ok).catch((e: unknown) => e);
    expect(errorMessage(validation, 'Failed to create lottery')).toBe('Ticket price must be at least 1');
    const plain = await http.post('/admin/other', {}, ok).catch((e: unknown) => e);
    expect(errorMessage(plain, 'Failed')).toBe('Note: nothing to do');
  });

  it('serialises array parameters as repeated keys (status_in=a&status_in=b)', async () => {
    const { http, sent } = setup({ 'GET /admin/w': { status: 200, data: { success: true, message: '' } } });
    await http.get('/admin/w', ok, { params: { status_in: ['approved', 'rejected'], page: 2 } });
    const uri = (await import('axios')).default.getUri({ ...sent[0], url: '/admin/w' });
    expect(uri).toContain('status_in=approved&status_in=rejected');
  });
});
