import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createLotteryBodyRules,
  equalSplit,
  firstLotteryError,
  formatPercentHundredths,
  hasLotteryErrors,
  isPercentageTotalValid,
  type LotteryFormValues,
  lotteryBodyToFormValues,
  messages,
  percentageTotalHundredths,
  resultTimeFromDelay,
  validateLotteryBody,
  validateLotteryForm,
} from '../src/rules/index.ts';

const NOW = new Date('2026-01-01T12:00:00Z');

const valid: LotteryFormValues = {
  name: 'Mega Draw',
  ticketPrice: '10.50',
  startTime: '2026-01-02T12:00:00Z',
  endTime: '2026-01-03T12:00:00Z',
  resultDelayHours: 1,
  winners: '3',
  adminShare: 20,
  percentages: [26.67, 26.67, 26.66],
};

function errorsFor(patch: Partial<LotteryFormValues>, submit = false) {
  return validateLotteryForm({ ...valid, ...patch }, NOW, { submit });
}

describe('validateLotteryForm: valid input', () => {
  it('returns no errors', () => {
    expect(validateLotteryForm(valid, NOW)).toEqual({});
    expect(validateLotteryForm(valid, NOW.getTime(), { submit: true })).toEqual({});
    expect(hasLotteryErrors({})).toBe(false);
    expect(firstLotteryError({})).toBeNull();
  });
});

describe('name', () => {
  it('is 3 to 30 characters', () => {
    expect(errorsFor({ name: 'ab' }).name).toBe('Name must be at least 3 characters');
    expect(errorsFor({ name: 'abc' }).name).toBeUndefined();
    expect(errorsFor({ name: 'a'.repeat(30) }).name).toBeUndefined();
    expect(errorsFor({ name: 'a'.repeat(31) }).name).toBe('Name must not exceed 30 characters');
  });

  it('uses the submit wording on submit', () => {
    expect(errorsFor({ name: 'ab' }, true).name).toBe('Lottery name must be at least 3 characters');
    expect(errorsFor({ name: 'a'.repeat(31) }, true).name).toBe('Lottery name must not exceed 30 characters');
  });

  it('ignores surrounding blanks and counts emoji as one character', () => {
    expect(errorsFor({ name: '  ab  ' }).name).toBe('Name must be at least 3 characters');
    expect(errorsFor({ name: '' }).name).toBe('Name must be at least 3 characters');
    expect(errorsFor({ name: null }).name).toBe('Name must be at least 3 characters');
    expect(errorsFor({ name: '🎲'.repeat(30) }).name).toBeUndefined();
  });
});

describe('ticket price', () => {
  it('must be greater than 0', () => {
    const message = 'Ticket price must be greater than 0';
    for (const ticketPrice of [0, '0', '0.00', '-1', '', null, undefined, 'ten']) {
      expect(errorsFor({ ticketPrice }).ticketPrice).toBe(message);
    }
    for (const ticketPrice of ['0.01', 1, '99999999999999999999.99']) {
      expect(errorsFor({ ticketPrice }).ticketPrice).toBeUndefined();
    }
  });

  it('has at most 2 decimals (trailing zeros do not count)', () => {
    for (const ticketPrice of ['1.001', '2.555', 0.125, '10.10000001', '0.001']) {
      expect(errorsFor({ ticketPrice }).ticketPrice, String(ticketPrice)).toBe(
        'Ticket price can have at most 2 decimal places',
      );
    }
    for (const ticketPrice of ['1.5', '1.50', '2.500', '3.99', 4.25, '1e-2', '10.000000']) {
      expect(errorsFor({ ticketPrice }).ticketPrice, String(ticketPrice)).toBeUndefined();
    }
    // 'greater than 0' comes first.
    expect(errorsFor({ ticketPrice: '-0.001' }).ticketPrice).toBe('Ticket price must be greater than 0');
    expect(firstLotteryError(validateLotteryBody({ ...body, ticket_price: '2.345' }, NOW))).toEqual({
      field: 'ticketPrice',
      message: 'Ticket price can have at most 2 decimal places',
    });
  });
});

describe('start and end time', () => {
  it('rejects a start in the past (with a one-minute grace)', () => {
    expect(errorsFor({ startTime: '2026-01-01T11:00:00Z' }).startTime).toBe(
      'Start time cannot be in the past',
    );
    expect(errorsFor({ startTime: '2026-01-01T11:59:30Z' }).startTime).toBeUndefined();
    expect(
      validateLotteryForm({ ...valid, startTime: '2026-01-01T11:59:30Z' }, NOW, { graceMs: 0 }).startTime,
    ).toBe('Start time cannot be in the past');
    expect(errorsFor({ startTime: NOW }).startTime).toBeUndefined();
  });

  it('requires start before end', () => {
    const errors = errorsFor({ startTime: '2026-01-03T12:00:00Z', endTime: '2026-01-02T12:00:00Z' });
    expect(errors.startTime).toBe('Start time must be before end time');
    expect(errors.endTime).toBe('End time must be after start time');
    const equal = errorsFor({ startTime: '2026-01-03T12:00:00Z', endTime: '2026-01-03T12:00:00Z' });
    expect(equal.startTime).toBe('Start time must be before end time');
    expect(equal.endTime).toBe('End time must be after start time');
  });

  it('keeps the past message on start when both problems occur', () => {
    const errors = errorsFor({ startTime: '2025-12-31T00:00:00Z', endTime: '2025-12-30T00:00:00Z' });
    expect(errors.startTime).toBe('Start time cannot be in the past');
    expect(errors.endTime).toBe('End time must be after start time');
  });

  it('requires both times', () => {
    expect(errorsFor({ startTime: null }).startTime).toBe('Start time is required');
    expect(errorsFor({ endTime: '' }).endTime).toBe('End time is required');
    expect(errorsFor({ endTime: 'soon' }).endTime).toBe('End time is required');
  });
});

describe('result delay', () => {
  it('is 1 to 5 hours', () => {
    for (const resultDelayHours of [1, '3', 5, 2.5]) {
      expect(errorsFor({ resultDelayHours }).resultDelayHours).toBeUndefined();
    }
    expect(errorsFor({ resultDelayHours: 0 }).resultDelayHours).toBe(
      'Result announcement must be at least 1 hour',
    );
    expect(errorsFor({ resultDelayHours: '0.99' }).resultDelayHours).toBe(
      'Result announcement must be at least 1 hour',
    );
    expect(errorsFor({ resultDelayHours: null }).resultDelayHours).toBe(
      'Result announcement must be at least 1 hour',
    );
    expect(errorsFor({ resultDelayHours: 6 }).resultDelayHours).toBe(
      'Result announcement cannot exceed 5 hours',
    );
  });

  it('uses the submit wording on submit', () => {
    expect(errorsFor({ resultDelayHours: 0 }, true).resultDelayHours).toBe(
      'Result announcement must be at least 1 hour after end time',
    );
  });
});

describe('winners', () => {
  it('is digits only and at least 1', () => {
    const message = 'Number of winners must be at least 1';
    for (const winners of ['0', 0, '', null, '-1', '1.5', 'abc', '2 ']) {
      const errors = errorsFor({ winners, percentages: [] });
      if (winners === '2 ') expect(errors.winners).toBeUndefined();
      else expect(errors.winners).toBe(message);
    }
    expect(errorsFor({ winners: 1, percentages: [80] })).toEqual({});
  });

  it('is capped for safety', () => {
    expect(errorsFor({ winners: '1001', percentages: [] }).winners).toBe(
      'Number of winners cannot exceed 1000',
    );
  });
});

describe('admin share', () => {
  const split = (share: number) => equalSplit(3, share);

  it('is an integer from 20 to 100', () => {
    expect(errorsFor({ adminShare: 19, percentages: split(19) }).adminShare).toBe(
      'Admin share must be at least 20%',
    );
    expect(errorsFor({ adminShare: 20, percentages: split(20) })).toEqual({});
    expect(errorsFor({ adminShare: '100', percentages: [0, 0, 0] })).toEqual({});
    expect(errorsFor({ adminShare: 101, percentages: [0, 0, 0] }).adminShare).toBe(
      'Admin share cannot exceed 100%',
    );
    expect(errorsFor({ adminShare: 20.5, percentages: split(20.5) }).adminShare).toBe(
      'Admin share must be a whole number',
    );
    expect(errorsFor({ adminShare: '19.5' }).adminShare).toBe('Admin share must be at least 20%');
    expect(errorsFor({ adminShare: '' }).adminShare).toBe('Admin share must be at least 20%');
    expect(errorsFor({ adminShare: 'x' }).adminShare).toBe('Admin share must be at least 20%');
  });

  it('skips the total check while the share is invalid', () => {
    expect(errorsFor({ adminShare: 19 }).totalPercentage).toBeUndefined();
  });
});

describe('winner percentages', () => {
  it('must each be 0 to 100 with at most 2 decimals', () => {
    const errors = errorsFor({ percentages: [-1, 101, '33.333', null, 'x', 0], winners: 6 });
    expect(errors.percentages).toEqual([
      'Percentage must be between 0 and 100',
      'Percentage must be between 0 and 100',
      'Percentage can have at most 2 decimal places',
      'Percentage must be between 0 and 100',
      'Percentage must be between 0 and 100',
      null,
    ]);
    expect(errors.totalPercentage).toBeUndefined();
  });

  it('must total 100 - admin share exactly', () => {
    expect(errorsFor({ percentages: ['33.33', '33.33', '13.34'] })).toEqual({});
    expect(errorsFor({ adminShare: 0 + 20, percentages: [40, 39.5, 0] }).totalPercentage).toBe(
      'Total percentage must equal 80%. Current total: 79.5%',
    );
    expect(errorsFor({ percentages: [30, 30, 30] }).totalPercentage).toBe(
      'Total percentage must equal 80%. Current total: 90%',
    );
    expect(errorsFor({ adminShare: 25, percentages: ['25', '25', '25.01'] }).totalPercentage).toBe(
      'Total percentage must equal 75%. Current total: 75.01%',
    );
  });

  it('adds 33.33 + 33.33 + 33.34 to exactly 100 (no float drift)', () => {
    expect(percentageTotalHundredths(['33.33', '33.33', '33.34'])).toBe(10000);
    expect(percentageTotalHundredths([33.33, 33.33, 33.34])).toBe(10000);
    expect(percentageTotalHundredths([0.1, 0.2])).toBe(30);
    expect(percentageTotalHundredths([0.1 + 0.2])).toBe(30);
    expect(percentageTotalHundredths(['1.999'])).toBeNull();
    expect(percentageTotalHundredths([])).toBe(0);
    expect(isPercentageTotalValid([26.67, 26.67, 26.66], 20)).toBe(true);
    expect(isPercentageTotalValid([26.67, 26.67, 26.67], 20)).toBe(false);
    expect(isPercentageTotalValid([80], 20.5)).toBe(false);
    expect(isPercentageTotalValid([0], 100)).toBe(true);
  });

  it('needs one percentage per winner', () => {
    expect(errorsFor({ winners: 4 }).totalPercentage).toBe(
      'Winner percentages must be given for all 4 winners',
    );
  });

  it('formats totals without trailing zeros', () => {
    expect(formatPercentHundredths(8000)).toBe('80');
    expect(formatPercentHundredths(7950)).toBe('79.5');
    expect(formatPercentHundredths(7999)).toBe('79.99');
    expect(formatPercentHundredths(0)).toBe('0');
  });
});

describe('firstLotteryError', () => {
  it('returns the first problem in form order', () => {
    const errors = errorsFor({ ticketPrice: 0, adminShare: 101, name: 'x' });
    expect(hasLotteryErrors(errors)).toBe(true);
    expect(firstLotteryError(errors)).toEqual({
      field: 'name',
      message: 'Name must be at least 3 characters',
    });
    expect(firstLotteryError({ percentages: [null, 'Percentage must be between 0 and 100'] })).toEqual({
      field: 'percentages',
      message: 'Percentage must be between 0 and 100',
    });
  });
});

describe('equalSplit', () => {
  it('splits 100 - share equally, the last rank taking the remainder', () => {
    expect(equalSplit(3, 20)).toEqual([26.67, 26.67, 26.66]);
    expect(equalSplit(1, 20)).toEqual([80]);
    expect(equalSplit(2, 20)).toEqual([40, 40]);
    expect(equalSplit(3, 25)).toEqual([25, 25, 25]);
    expect(equalSplit(6, 20)).toEqual([13.33, 13.33, 13.33, 13.33, 13.33, 13.35]);
    expect(equalSplit(7, 30)).toEqual([10, 10, 10, 10, 10, 10, 10]);
    expect(equalSplit('4', '20')).toEqual([20, 20, 20, 20]);
  });

  it('always totals exactly 100 - share and never goes negative', () => {
    for (const winners of [1, 2, 3, 7, 9, 11, 13, 97, 333, 1000]) {
      for (const share of [20, 33, 50, 99, 100]) {
        const split = equalSplit(winners, share);
        expect(split).toHaveLength(winners);
        expect(percentageTotalHundredths(split)).toBe((100 - share) * 100);
        expect(split.every((value) => value >= 0)).toBe(true);
        expect(isPercentageTotalValid(split, share)).toBe(true);
      }
    }
  });

  it('handles zero, invalid and out-of-range input', () => {
    expect(equalSplit(0, 20)).toEqual([]);
    expect(equalSplit(-2, 20)).toEqual([]);
    expect(equalSplit(1.5, 20)).toEqual([]);
    expect(equalSplit(null, 20)).toEqual([]);
    expect(equalSplit(2, null)).toEqual([40, 40]); // default share 20
    expect(equalSplit(2, 100)).toEqual([0, 0]);
    expect(equalSplit(2, 150)).toEqual([0, 0]);
    expect(equalSplit(2, 20.5)).toEqual([39.75, 39.75]);
    expect(equalSplit(5000, 20)).toHaveLength(1000);
  });
});

describe('resultTimeFromDelay', () => {
  it('adds the delay to the end time', () => {
    expect(resultTimeFromDelay('2026-01-03T12:00:00Z', 2)?.toISOString()).toBe('2026-01-03T14:00:00.000Z');
    expect(resultTimeFromDelay('2026-01-03T12:00:00Z', '1')?.toISOString()).toBe('2026-01-03T13:00:00.000Z');
    expect(resultTimeFromDelay(null, 1)).toBeNull();
    expect(resultTimeFromDelay('2026-01-03T12:00:00Z', 'x')).toBeNull();
  });
});

const body = {
  name: 'Mega Draw',
  ticket_price: '10.50',
  winners: 3,
  start_time: '2026-01-02T12:00:00.000Z',
  end_time: '2026-01-03T12:00:00.000Z',
  result_time: 1,
  winner_distributions: [
    { rank: 1, percentage: 26.67 },
    { rank: 2, percentage: 26.67 },
    { rank: 3, percentage: 26.66 },
  ],
  admin_share: 20,
};

describe('validateLotteryBody (API)', () => {
  it('accepts a valid body', () => {
    expect(validateLotteryBody(body, NOW)).toEqual({});
  });

  it('uses the submit wording', () => {
    expect(validateLotteryBody({ ...body, name: 'ab', result_time: 0 }, NOW)).toEqual({
      name: 'Lottery name must be at least 3 characters',
      resultDelayHours: 'Result announcement must be at least 1 hour after end time',
    });
  });

  it('reads result_time as hours or as an ISO time after end_time', () => {
    expect(lotteryBodyToFormValues({ ...body, result_time: '3' }).resultDelayHours).toBe(3);
    expect(
      lotteryBodyToFormValues({ ...body, result_time: '2026-01-03T14:30:00.000Z' }).resultDelayHours,
    ).toBe(2.5);
    expect(
      validateLotteryBody({ ...body, result_time: '2026-01-03T12:30:00.000Z' }, NOW).resultDelayHours,
    ).toBe('Result announcement must be at least 1 hour after end time');
    expect(
      validateLotteryBody({ ...body, result_time: '2026-01-03T18:00:01.000Z' }, NOW).resultDelayHours,
    ).toBe('Result announcement cannot exceed 5 hours');
  });

  it('reads winner_distributions as objects, JSON text or plain percentages', () => {
    expect(
      validateLotteryBody({ ...body, winner_distributions: JSON.stringify(body.winner_distributions) }, NOW),
    ).toEqual({});
    expect(validateLotteryBody({ ...body, winner_distributions: ['26.67', '26.67', '26.66'] }, NOW)).toEqual(
      {},
    );
    const shuffled = [
      body.winner_distributions[2],
      body.winner_distributions[0],
      body.winner_distributions[1],
    ];
    expect(validateLotteryBody({ ...body, winner_distributions: shuffled }, NOW)).toEqual({});
  });

  it('rejects missing, repeated or gapped ranks', () => {
    const message = 'Winner percentages must be given for all 3 winners';
    const repeated = [
      { rank: 1, percentage: 40 },
      { rank: 1, percentage: 20 },
      { rank: 3, percentage: 20 },
    ];
    expect(validateLotteryBody({ ...body, winner_distributions: repeated }, NOW).totalPercentage).toBe(
      message,
    );
    expect(
      validateLotteryBody({ ...body, winner_distributions: body.winner_distributions.slice(0, 2) }, NOW),
    ).toEqual({
      totalPercentage: message,
    });
    expect(
      validateLotteryBody({ ...body, winner_distributions: [{ rank: 1 }, 5, 5] }, NOW).totalPercentage,
    ).toBe(message);
    expect(validateLotteryBody({ ...body, winner_distributions: 'oops' }, NOW).totalPercentage).toBe(message);
  });

  it('rejects wrong types without throwing', () => {
    const errors = validateLotteryBody(
      { name: 42, ticket_price: {}, winners: [], start_time: {}, end_time: true, admin_share: '20' },
      NOW,
    );
    expect(errors).toMatchObject({
      name: 'Lottery name must be at least 3 characters',
      ticketPrice: 'Ticket price must be greater than 0',
      startTime: 'Start time is required',
      endTime: 'End time is required',
      resultDelayHours: 'Result announcement must be at least 1 hour after end time',
      winners: 'Number of winners must be at least 1',
    });
  });
});

describe('createLotteryBodyRules (zod)', () => {
  const schema = z
    .object({
      name: z.string(),
      ticket_price: z.union([z.string(), z.number()]),
      winners: z.union([z.string(), z.number()]),
      start_time: z.string(),
      end_time: z.string(),
      result_time: z.union([z.string(), z.number()]),
      winner_distributions: z.array(
        z.object({ rank: z.number(), percentage: z.union([z.string(), z.number()]) }),
      ),
      admin_share: z.union([z.string(), z.number()]),
    })
    .superRefine(createLotteryBodyRules(() => NOW));

  it('passes a valid body', () => {
    expect(schema.safeParse(body).success).toBe(true);
  });

  it('reports one issue per body key with the spec message', () => {
    const result = schema.safeParse({
      ...body,
      name: 'a'.repeat(31),
      admin_share: 101,
      winner_distributions: [
        { rank: 1, percentage: 101 },
        { rank: 2, percentage: 0 },
        { rank: 3, percentage: 0 },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Lottery name must not exceed 30 characters'],
      ['admin_share', 'Admin share cannot exceed 100%'],
      ['winner_distributions', 'Percentage must be between 0 and 100'],
    ]);
  });

  it('reports the total with n and m without trailing zeros', () => {
    const result = schema.safeParse({
      ...body,
      winner_distributions: [
        { rank: 1, percentage: '40.00' },
        { rank: 2, percentage: '39.50' },
        { rank: 3, percentage: '0' },
      ],
    });
    expect(result.error?.issues[0]?.message).toBe('Total percentage must equal 80%. Current total: 79.5%');
    expect(result.error?.issues[0]?.path).toEqual(['winner_distributions']);
  });

  it('uses the same message texts', () => {
    expect(messages.lottery.totalPercentage(80, '79.5')).toBe(
      'Total percentage must equal 80%. Current total: 79.5%',
    );
  });
});
