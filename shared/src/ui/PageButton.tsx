/** A numbered page button; the current one is marked aria-current=page. */
export function PageButton({
  number,
  current,
  onChange,
}: {
  number: number;
  current: boolean;
  onChange: (page: number) => void;
}) {
  return (
    <button
      type="button"
      className={current ? 'bo-pager__item is-current' : 'bo-pager__item'}
      aria-current={current ? 'page' : undefined}
      onClick={() => onChange(number)}
    >
      {number}
    </button>
  );
}

/** The Previous / Next buttons. */
export function PagerArrow({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`bo-pager__item bo-pager__arrow bo-pager__arrow--${label === 'Next' ? 'next' : 'previous'}`}
      disabled={disabled}
      onClick={onClick}
    >
      <span className="bo-pager__label">{label}</span>
    </button>
  );
}
