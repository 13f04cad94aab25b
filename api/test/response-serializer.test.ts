import { routes } from '@backoffice/shared/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  compileResponseSerializer,
  type DroppedRows,
  ResponseContractError,
} from '../src/plugins/response-serializer.ts';

const money = z.string().regex(/^-?\d+(\.\d+)?$/);
const item = z.object({
  id: z.number().int().positive(),
  amount: money,
  status: z.enum(['pending', 'approved']),
  at: z.iso.datetime({ offset: true }),
  note: z.string().nullable(),
  tags: z.array(z.object({ name: z.string() })),
});
const answer = z.object({ success: z.boolean(), message: z.string(), data: z.array(item) });

const row = {
  id: 7,
  amount: '10.5',
  status: 'pending',
  at: '2026-01-31T10:00:00.000Z',
  note: null,
  tags: [{ name: 'vip' }],
};
const valid = { success: true, message: 'ok', data: [row, { ...row, id: 8, note: 'a "quoted" \n note' }] };

/** What zod + JSON.stringify make of an answer (the reference), or undefined when zod refuses it. */
function zodText(data: unknown): string | undefined {
  const result = z.safeEncode(answer, data as z.output<typeof answer>);
  return result.success ? JSON.stringify(result.data) : undefined;
}

describe('compileResponseSerializer', () => {
  const serialize = compileResponseSerializer(answer, 'GET /test');

  it('writes exactly what zod + JSON.stringify write', () => {
    expect(serialize(valid)).toBe(zodText(valid));
  });

  it('drops keys the contract does not declare, at every depth, as zod does', () => {
    const extra = {
      ...valid,
      secret: 'x',
      data: [{ ...row, password_hash: 'h', tags: [{ name: 'vip', internal: 1 }] }],
    };
    const text = serialize(extra);
    expect(text).not.toMatch(/secret|password_hash|internal/);
    expect(text).toBe(zodText(extra));
  });

  it.each([
    ['a float id', { id: 1.5 }],
    ['an id as a string', { id: '7' }],
    ['an amount that is not a decimal', { amount: '1.2.3' }],
    ['an amount as a number', { amount: 10.5 }],
    ['a status outside the enum', { status: 'lost' }],
    ['a date that is not ISO-8601', { at: '31/01/2026' }],
    ['a missing non-nullable field', { tags: undefined }],
    ['undefined where null is expected', { note: undefined }],
  ])('leaves out a list row with %s (zod refuses it) and sends the rest', (_name, change) => {
    const bad = { ...row, id: 9, ...change };
    const broken = { ...valid, data: [row, bad, { ...row, id: 10 }] };
    expect(zodText(broken)).toBeUndefined();
    const reported: DroppedRows[] = [];
    const text = compileResponseSerializer(answer, 'GET /test', true, (d) => reported.push(d))(broken);
    expect(text).toBe(zodText({ ...valid, data: [row, { ...row, id: 10 }] }));
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ route: 'GET /test', rows: [bad] });
  });

  it('leaves out bad rows of a paged list too', () => {
    const pagedAnswer = z.object({
      success: z.boolean(),
      message: z.string(),
      data: z.object({ data: z.array(item), total: z.number().int() }),
    });
    const text = compileResponseSerializer(
      pagedAnswer,
      'GET /paged',
    )({
      success: true,
      message: 'ok',
      data: { data: [{ ...row, amount: 'NaN' }, row, { ...row, status: 'lost' }], total: 3 },
    });
    expect(JSON.parse(text).data).toEqual({ data: [row], total: 3 });
  });

  it('refuses an answer that breaks its contract outside a list row', () => {
    const broken = { ...valid, success: 'yes' };
    expect(zodText(broken)).toBeUndefined();
    expect(() => serialize(broken)).toThrow(ResponseContractError);
    const details = z.object({ success: z.boolean(), message: z.string(), data: item });
    expect(() =>
      compileResponseSerializer(
        details,
        'GET /one',
      )({ success: true, message: 'ok', data: { ...row, id: 0 } }),
    ).toThrow(ResponseContractError);
  });

  it('compiles the answer schema of every call of the catalogue', () => {
    for (const [name, def] of Object.entries(routes))
      expect(() => compileResponseSerializer(def.response, name), name).not.toThrow();
  });

  it('with crossCheck, throws where the compiled check and zod disagree', () => {
    // A refinement has no JSON Schema form: the compiled check cannot see it, zod can.
    const refined = z.object({ name: z.string().refine((name) => name !== 'forbidden') });
    expect(compileResponseSerializer(refined, 'GET /refined')({ name: 'forbidden' })).toBe(
      '{"name":"forbidden"}',
    );
    const checked = compileResponseSerializer(refined, 'GET /refined', true);
    expect(() => checked({ name: 'forbidden' })).toThrow(/accepted what zod refuses/);
    expect(checked({ name: 'allowed' })).toBe('{"name":"allowed"}');
  });
});
