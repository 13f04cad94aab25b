import type { Transaction, Withdrawal } from '@backoffice/shared/contract';
import type { RecordedRequest } from '@backoffice/shared/host/testing';

export function withdrawal(id: number, extra: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id,
    User: { id: 100 + id, name: `User ${id}`, email: `user${id}@example.com`, username: `user${id}` },
    amount: '125.5',
    wallet_address: '0x1234567890abcdef1234567890abcdef12345678',
    status: 'pending',
    hash: null,
    processing: false,
    createdAt: '2026-01-05T15:07:00.000Z',
    comment: null,
    ...extra,
  };
}

export function transaction(id: number, extra: Partial<Transaction> = {}): Transaction {
  return {
    id,
    User: { id: 200 + id, name: `Buyer ${id}`, username: `buyer${id}` },
    amount: '99.999',
    currency: 'usdt',
    payment_id: `pay-${id}`,
    pay_currency: 'usdtbsc',
    status: 'completed',
    createdAt: '2026-01-05T15:07:00.000Z',
    pay_address: '0xabcdefabcdefabcdefabcdef0000000000000001',
    ...extra,
  };
}

/** A paged answer of `all` for the request's page and per_page, like the API. */
export function pageOf<T>(all: T[], request: RecordedRequest) {
  const page = Number(request.params.page ?? 1);
  const perPage = Number(request.params.per_page ?? 10);
  return {
    success: true,
    message: 'OK',
    data: {
      data: all.slice((page - 1) * perPage, page * perPage),
      total: all.length,
      totalPages: Math.ceil(all.length / perPage),
      page,
      perPage,
    },
  };
}

export const ok = <T>(data: T) => ({ success: true, message: 'OK', data });
