import { describe, expect, it } from 'vitest';
import {
  bscAddressUrl,
  bscTxUrl,
  carouselItemsForWidth,
  deriveDistributions,
  isActiveMineGame,
  isWinnerFlag,
  isWithdrawalUpdatable,
  medal,
  needsViewMore,
  nullText,
  ordinal,
  parseJsonArray,
  parseWinnerDistributions,
  previewMessage,
  shortenAddress,
  shortenTxAddress,
  statusColor,
  statusLabel,
  ticketStatusColor,
  upperCurrency,
  withdrawalStatusColor,
} from '../src/format/index.ts';

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678';

describe('addresses', () => {
  it('shortens withdrawal addresses to first 5 and last 5', () => {
    expect(shortenAddress(ADDRESS)).toBe('0x123...45678');
    expect(shortenAddress('12345678901')).toBe('12345...78901');
  });

  it('keeps short withdrawal addresses and shows N/A when absent', () => {
    expect(shortenAddress('1234567890')).toBe('1234567890');
    expect(shortenAddress('abc')).toBe('abc');
    expect(shortenAddress(null)).toBe('N/A');
    expect(shortenAddress(undefined)).toBe('N/A');
    expect(shortenAddress('')).toBe('N/A');
    expect(shortenAddress('  ')).toBe('N/A');
  });

  it('shortens transaction addresses longer than 12 to the first 10', () => {
    expect(shortenTxAddress(ADDRESS)).toBe('0x12345678...');
    expect(shortenTxAddress('1234567890123')).toBe('1234567890...');
    expect(shortenTxAddress('123456789012')).toBe('123456789012');
    expect(shortenTxAddress(null)).toBe('');
  });

  it('links to BscScan', () => {
    expect(bscAddressUrl(ADDRESS)).toBe(`https://bscscan.com/address/${ADDRESS}`);
    expect(bscTxUrl('0xabc')).toBe('https://bscscan.com/tx/0xabc');
    expect(bscAddressUrl('a/b?c')).toBe('https://bscscan.com/address/a%2Fb%3Fc');
    expect(bscAddressUrl(null)).toBe('');
    expect(bscTxUrl('')).toBe('');
  });
});

describe('text', () => {
  it('upper-cases currencies', () => {
    expect(upperCurrency('usdt')).toBe('USDT');
    expect(upperCurrency('usdtbsc')).toBe('USDTBSC');
    expect(upperCurrency(null)).toBe('');
    expect(upperCurrency(undefined)).toBe('');
  });

  it('cuts previews at 100 characters', () => {
    const exactly100 = 'a'.repeat(100);
    expect(previewMessage(exactly100)).toBe(exactly100);
    expect(previewMessage(`${exactly100}b`)).toBe(`${exactly100}...`);
    expect(previewMessage('short')).toBe('short');
    expect(previewMessage('hello world', 5)).toBe('hello...');
    expect(previewMessage(null)).toBe('');
  });

  it('does not split an emoji at the cut', () => {
    const text = `${'a'.repeat(99)}😀tail`;
    expect(previewMessage(text)).toBe(`${'a'.repeat(99)}...`);
  });

  it("needs 'View More' above 80 characters", () => {
    expect(needsViewMore('a'.repeat(80))).toBe(false);
    expect(needsViewMore('a'.repeat(81))).toBe(true);
    expect(needsViewMore(null)).toBe(false);
    expect(needsViewMore('abc', 2)).toBe(true);
  });

  it('shows NULL for missing user fields', () => {
    expect(nullText(null)).toBe('NULL');
    expect(nullText(undefined)).toBe('NULL');
    expect(nullText('')).toBe('NULL');
    expect(nullText('  ')).toBe('NULL');
    expect(nullText('alice')).toBe('alice');
    expect(nullText(0)).toBe('0');
  });
});

describe('ranks', () => {
  it('builds English ordinals', () => {
    const expected = [
      '1st',
      '2nd',
      '3rd',
      '4th',
      '5th',
      '10th',
      '11th',
      '12th',
      '13th',
      '14th',
      '21st',
      '22nd',
    ];
    expect([1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 21, 22].map(ordinal)).toEqual(expected);
    expect(ordinal(23)).toBe('23rd');
    expect(ordinal(101)).toBe('101st');
    expect(ordinal(111)).toBe('111th');
    expect(ordinal(112)).toBe('112th');
    expect(ordinal(0)).toBe('0th');
    expect(ordinal(1.5)).toBe('1.5');
  });

  it('gives medals to the top 3 only', () => {
    expect([1, 2, 3].map(medal)).toEqual(['🥇', '🥈', '🥉']);
    expect(medal(4)).toBe('');
    expect(medal(0)).toBe('');
    expect(medal(null)).toBe('');
  });
});

describe('status colours and flags', () => {
  it('colours withdrawal badges', () => {
    expect(withdrawalStatusColor('pending')).toBe('gold');
    expect(withdrawalStatusColor('approved')).toBe('blue');
    expect(withdrawalStatusColor('rejected')).toBe('red');
    expect(withdrawalStatusColor('completed')).toBe('green');
    expect(withdrawalStatusColor('Completed')).toBe('green');
    expect(withdrawalStatusColor('waiting')).toBe('gold');
    expect(withdrawalStatusColor('pending_otp')).toBe('orange');
    for (const other of ['cancelled', '', null, undefined, 'constructor']) {
      expect(withdrawalStatusColor(other)).toBe('default');
    }
  });

  it('gives every area its colours from one map', () => {
    expect(statusColor('transaction', 'waiting')).toBe('gold');
    expect(statusColor('lottery', 'closed')).toBe('orange');
    expect(statusColor('user', 'blocked')).toBe('red');
    expect(statusColor('support', 'closed')).toBe('green');
    expect(statusColor('ticket', 'cancelled')).toBe('gold');
    expect(statusColor('user', 'toString')).toBe('default');
  });

  it('shows statuses as words, never raw keys (issue 22)', () => {
    expect(statusLabel('awaiting_approval')).toBe('Awaiting second approval');
    expect(statusLabel('pending_otp')).toBe('Pending OTP');
    expect(statusLabel('awaiting_review')).toBe('Awaiting review');
    expect(statusLabel('in-progress')).toBe('In progress');
    expect(statusLabel('pending')).toBe('pending');
    expect(statusLabel(null)).toBe('');
  });

  it('colours ticket statuses', () => {
    expect(ticketStatusColor('active')).toBe('green');
    expect(ticketStatusColor('inactive')).toBe('gold');
    expect(ticketStatusColor('cancelled')).toBe('gold');
    expect(ticketStatusColor(null)).toBe('gold');
  });

  it('reads the loose boolean flags', () => {
    expect(isWinnerFlag(true)).toBe(true);
    expect(isWinnerFlag('true')).toBe(true);
    expect(isWinnerFlag('false')).toBe(false);
    expect(isWinnerFlag(1)).toBe(false);
    expect(isActiveMineGame('true')).toBe(true);
    expect(isActiveMineGame('false')).toBe(false);
    expect(isActiveMineGame('active')).toBe(false);
    expect(isActiveMineGame(null)).toBe(false);
  });

  it('lets only pending, waiting or awaiting-second-approval withdrawals be updated', () => {
    expect(isWithdrawalUpdatable('pending')).toBe(true);
    expect(isWithdrawalUpdatable('waiting')).toBe(true);
    expect(isWithdrawalUpdatable('awaiting_approval')).toBe(true);
    expect(isWithdrawalUpdatable('approved')).toBe(false);
    expect(isWithdrawalUpdatable(undefined)).toBe(false);
  });
});

describe('carouselItemsForWidth', () => {
  it('follows the breakpoints', () => {
    expect(carouselItemsForWidth(320)).toBe(1);
    expect(carouselItemsForWidth(575)).toBe(1);
    expect(carouselItemsForWidth(576)).toBe(2);
    expect(carouselItemsForWidth(775)).toBe(2);
    expect(carouselItemsForWidth(776)).toBe(3);
    expect(carouselItemsForWidth(1024)).toBe(3);
    expect(carouselItemsForWidth(1399)).toBe(3);
    expect(carouselItemsForWidth(1400)).toBe(5);
    expect(carouselItemsForWidth(1600)).toBe(6);
    expect(carouselItemsForWidth(4000)).toBe(6);
  });
});

describe('lottery payloads', () => {
  it('parses JSON lists leniently', () => {
    expect(parseJsonArray([1, 2])).toEqual([1, 2]);
    expect(parseJsonArray('[{"rank":1}]')).toEqual([{ rank: 1 }]);
    expect(parseJsonArray('{"rank":1}')).toEqual([]);
    expect(parseJsonArray('not json')).toEqual([]);
    expect(parseJsonArray(null)).toEqual([]);
    expect(parseJsonArray('')).toEqual([]);
  });

  it('reads winner_distributions from a list or JSON text, sorted by rank', () => {
    const text = '[{"rank":2,"percentage":"30"},{"rank":1,"percentage":50},{"rank":"x"},null]';
    expect(parseWinnerDistributions(text)).toEqual([
      { rank: 1, percentage: 50 },
      { rank: 2, percentage: '30' },
    ]);
    expect(parseWinnerDistributions(undefined)).toEqual([]);
  });

  it('derives amounts as pool * percentage / 100', () => {
    expect(
      deriveDistributions('1000.05', [
        { rank: 1, percentage: 26.67 },
        { rank: 2, percentage: '26.67' },
        { rank: 3, percentage: '26.66' },
      ]),
    ).toEqual([
      { rank: 1, percentage: 26.67, amount: '266.71' },
      { rank: 2, percentage: '26.67', amount: '266.71' },
      { rank: 3, percentage: '26.66', amount: '266.61' },
    ]);
    expect(deriveDistributions(null, '[{"rank":1,"percentage":80}]')).toEqual([
      { rank: 1, percentage: 80, amount: '0.00' },
    ]);
  });
});
