import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  Checkbox,
  EmptyState,
  ErrorPanel,
  Field,
  NumberInput,
  PageHeader,
  Select,
  Skeleton,
  Spinner,
  StatCard,
  TextArea,
  TextInput,
} from '../src/ui/index.ts';

afterEach(cleanup);

describe('Button', () => {
  it('is a type=button by default and forwards props', () => {
    const onClick = vi.fn();
    render(
      <Button variant="primary" size="small" onClick={onClick} data-x="1">
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.type).toBe('button');
    expect(button.className).toBe('bo-btn bo-btn--primary bo-btn--small');
    expect(button.dataset.x).toBe('1');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalled();
  });

  it('loading shows a spinner and disables', () => {
    const onClick = vi.fn();
    render(
      <Button loading icon={<i>+</i>} onClick={onClick}>
        Creating...
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Creating...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.querySelector('.bo-btn__spinner')).not.toBeNull();
    expect(button.querySelector('i')).toBeNull();
  });

  it('ButtonLink is a router link with the button look', () => {
    render(
      <MemoryRouter>
        <ButtonLink to="/lottery/create-lottery" variant="primary">
          Create New Lottery
        </ButtonLink>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Create New Lottery' });
    expect(link.getAttribute('href')).toBe('/lottery/create-lottery');
    expect(link.className).toContain('bo-btn--primary');
  });
});

describe('layout', () => {
  it('Card, PageHeader, StatCard and Badge render their content', () => {
    render(
      <MemoryRouter>
        <PageHeader
          title="Withdrawals Pending"
          subtitle="Review requests"
          breadcrumb={[{ label: 'Home', to: '/' }, { label: 'Withdrawals' }]}
          actions={<Button>Refresh</Button>}
        />
        <Card title="Search" extra={<span>Total: 3</span>} className="mine">
          body
        </Card>
        <StatCard label="Tickets Sold" value="1,234" hint="of 2,000" tone="green" />
        <Badge color="yellow">pending</Badge>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawals Pending' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Withdrawals').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 2, name: 'Search' }).closest('.bo-card')?.className).toBe(
      'bo-card mine',
    );
    expect(screen.getByText('1,234').parentElement?.className).toContain('bo-tone--green');
    expect(screen.getByText('pending').className).toBe('bo-badge bo-badge--yellow');
  });
});

describe('form controls', () => {
  it('Field labels its control and links hint and error', () => {
    render(
      <Field label="Lottery Name" htmlFor="name" hint="Shown to players" error="Name is required">
        <TextInput value="" onChange={() => {}} />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Lottery Name' });
    expect(input.id).toBe('name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('name-error name-hint');
    expect(screen.getByRole('alert').textContent).toBe('Name is required');
  });

  it('controls forward refs and props', () => {
    const input = createRef<HTMLInputElement>();
    const area = createRef<HTMLTextAreaElement>();
    const select = createRef<HTMLSelectElement>();
    const number = createRef<HTMLInputElement>();
    const onChange = vi.fn();
    render(
      <>
        <TextInput ref={input} placeholder="ID" />
        <NumberInput ref={number} min={1} step={0.01} aria-label="Price" />
        <TextArea ref={area} placeholder="Please provide a reason for rejection" />
        <Select
          ref={select}
          aria-label="Status"
          placeholder="Select Status"
          options={[
            { value: 'approved', label: 'Approved' },
            { value: 'rejected', label: 'Rejected' },
          ]}
          value=""
          onChange={onChange}
        />
      </>,
    );
    expect(input.current?.placeholder).toBe('ID');
    expect(number.current?.type).toBe('number');
    expect(number.current?.step).toBe('0.01');
    expect(area.current?.getAttribute('rows')).toBe('3');
    expect([...select.current!.options].map((o) => o.text)).toEqual([
      'Select Status',
      'Approved',
      'Rejected',
    ]);
    fireEvent.change(select.current!, { target: { value: 'rejected' } });
    expect(onChange).toHaveBeenCalled();
  });

  it('Checkbox with a label, indeterminate and a ref', () => {
    const ref = createRef<HTMLInputElement>();
    render(<Checkbox ref={ref} label="Select all" indeterminate checked={false} onChange={() => {}} />);
    const box = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    expect(box).toBe(ref.current);
    expect(box.indeterminate).toBe(true);
  });
});

describe('states', () => {
  it('Spinner, ErrorPanel, EmptyState and Skeleton', () => {
    const onRetry = vi.fn();
    render(
      <>
        <Spinner size="large" label="Loading withdrawals" />
        <ErrorPanel title="Error Loading Withdrawals" message="Network Error" onRetry={onRetry} />
        <EmptyState>No pending withdrawals found</EmptyState>
        <Skeleton rows={4} />
      </>,
    );
    expect(screen.getByText('Loading withdrawals')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Error Loading WithdrawalsNetwork Error');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
    expect(screen.getByText('No pending withdrawals found').className).toBe('bo-empty');
    expect(document.querySelectorAll('.bo-skeleton .bo-skeleton__line')).toHaveLength(4);
  });
});
