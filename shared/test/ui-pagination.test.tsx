import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, SimplePager } from '../src/ui/index.ts';

afterEach(cleanup);

/** The pager's items as text: numbers, '…' and the arrows. */
function items(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  return [...nav.children].map((el) => el.textContent ?? '');
}

describe('Pagination', () => {
  it('shows 1 margin page and 2 around the current one, with ellipses', () => {
    render(<Pagination page={10} totalPages={20} onChange={() => {}} />);
    expect(items()).toEqual(['Previous', '1', '…', '8', '9', '10', '11', '12', '…', '20', 'Next']);
    expect(screen.getByRole('button', { name: '10' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows every page when they fit, and disables Previous on the first page', () => {
    render(<Pagination page={1} totalPages={4} onChange={() => {}} />);
    expect(items()).toEqual(['Previous', '1', '2', '3', '4', 'Next']);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('reports the page chosen by numbers and arrows', () => {
    const onChange = vi.fn();
    render(<Pagination page={3} totalPages={9} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: '9' }));
    expect(onChange.mock.calls).toEqual([[2], [4], [9]]);
  });

  it('disables Next on the last page and renders nothing without pages', () => {
    const { rerender, container } = render(<Pagination page={9} totalPages={9} onChange={() => {}} />);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<Pagination page={1} totalPages={0} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('SimplePager', () => {
  it("shows 'Showing x to y of z results' and at most 5 numbered buttons", () => {
    render(<SimplePager page={6} pageSize={5} total={53} onChange={() => {}} />);
    expect(screen.getByText('Showing 26 to 30 of 53 results')).toBeTruthy();
    expect(items()).toEqual(['Previous', '4', '5', '6', '7', '8', 'Next']);
  });

  it('keeps 5 buttons at the ends and clamps the last range', () => {
    const { rerender } = render(<SimplePager page={11} pageSize={5} total={53} onChange={() => {}} />);
    expect(items()).toEqual(['Previous', '7', '8', '9', '10', '11', 'Next']);
    expect(screen.getByText('Showing 51 to 53 of 53 results')).toBeTruthy();
    rerender(<SimplePager page={1} pageSize={5} total={12} onChange={() => {}} />);
    expect(items()).toEqual(['Previous', '1', '2', '3', 'Next']);
  });

  it('reports the chosen page and renders nothing without rows', () => {
    const onChange = vi.fn();
    const { rerender, container } = render(
      <SimplePager page={2} pageSize={5} total={30} onChange={onChange} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: '5' }));
    expect(onChange.mock.calls).toEqual([[3], [5]]);
    rerender(<SimplePager page={1} pageSize={5} total={0} onChange={onChange} />);
    expect(container.innerHTML).toBe('');
  });
});
