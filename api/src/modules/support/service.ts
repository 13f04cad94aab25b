import type { Paged, SupportListQuery, SupportTicket, SupportUpdateBody } from '@backoffice/shared/contract';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AuditWriter } from '../audit/index.ts';
import * as repo from './repository.ts';

const INT_MAX = 2_147_483_647;
const notFound = () => new HttpError(404, 'Support ticket not found');

/** What an audit record keeps of a ticket. */
const ticketState = (t: SupportTicket) => ({ status: t.status, remarks: t.remarks });

export class SupportService {
  constructor(private readonly db: Db) {}

  async list(query: SupportListQuery): Promise<Paged<SupportTicket>> {
    // An id beyond the integer column matches nothing (and must not reach SQL as an out-of-range value).
    if (query.id !== undefined && query.id > INT_MAX)
      return { data: [], total: 0, totalPages: 0, page: query.page, perPage: query.per_page };
    const { rows, total } = await repo.listTickets(this.db, query);
    return {
      data: rows,
      total,
      totalPages: Math.ceil(total / query.per_page),
      page: query.page,
      perPage: query.per_page,
    };
  }

  /** Status and remarks (absent remarks are left as they are). */
  async update(id: number, body: SupportUpdateBody, audit: AuditWriter): Promise<SupportTicket> {
    const ticket = await audit.transaction(this.db, async (tx) => {
      const before = id > INT_MAX ? undefined : await repo.findTicket(tx, id);
      if (!before || !(await repo.updateTicket(tx, id, { status: body.status, remarks: body.remarks })))
        throw notFound();
      const after = (await repo.findTicket(tx, id))!;
      await audit.record(tx, {
        targetType: 'support_ticket',
        targetId: id,
        before: ticketState(before),
        after: ticketState(after),
      });
      return after;
    });
    return ticket;
  }

  /** DELETE closes: a conditional UPDATE ... WHERE status = 'open'; the loser of a race gets 409. */
  async close(id: number, audit: AuditWriter): Promise<SupportTicket> {
    const ticket = await audit.transaction(this.db, async (tx) => {
      if (!(await repo.closeOpenTicket(tx, id))) {
        const existing = await repo.findTicket(tx, id);
        throw existing ? new HttpError(409, 'Support ticket is already closed') : notFound();
      }
      const after = (await repo.findTicket(tx, id))!;
      await audit.record(tx, {
        targetType: 'support_ticket',
        targetId: id,
        before: { status: 'open' },
        after: ticketState(after),
      });
      return after;
    });
    return ticket;
  }
}
