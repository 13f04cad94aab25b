import './Loading.css';
export type LoadingSize = 'small' | 'medium' | 'large';

/** docs/screens.md#shell: three sizes; covers the whole screen (dimmed, blurred) or sits inline. */
export function Loading({
  size = 'medium',
  fullScreen = false,
  label = 'Loading',
}: {
  size?: LoadingSize;
  fullScreen?: boolean;
  label?: string;
}) {
  const spinner = (
    <span className={`shell-spinner shell-spinner--${size}`} role="status" aria-label={label} />
  );
  if (!fullScreen) return <div className="shell-loading-inline">{spinner}</div>;
  return <div className="shell-loading-screen">{spinner}</div>;
}
