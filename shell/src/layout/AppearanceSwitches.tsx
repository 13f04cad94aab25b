import { BulbOutlined, ColumnHeightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useAppearance } from '../theme/preferences.ts';

function Switch({
  label,
  icon,
  checked,
  collapsed,
  onChange,
}: {
  label: string;
  icon: ReactNode;
  checked: boolean;
  collapsed: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className="shell-nav__item shell-appearance__switch"
      onClick={() => onChange(!checked)}
      title={collapsed ? label : undefined}
    >
      <span className="shell-menu-icon" aria-hidden>
        {icon}
      </span>
      <span className="shell-nav__label">{label}</span>
      <span className="shell-appearance__track" aria-hidden />
    </button>
  );
}

/** Dark mode and compact density (antd's dark and compact algorithms), remembered per admin. */
export function AppearanceSwitches({ collapsed }: { collapsed: boolean }) {
  const { mode, density, set } = useAppearance();
  return (
    <>
      <Switch
        label="Dark mode"
        icon={<BulbOutlined />}
        checked={mode === 'dark'}
        collapsed={collapsed}
        onChange={(on) => set({ mode: on ? 'dark' : 'light' })}
      />
      <Switch
        label="Compact"
        icon={<ColumnHeightOutlined />}
        checked={density === 'compact'}
        collapsed={collapsed}
        onChange={(on) => set({ density: on ? 'compact' : 'comfortable' })}
      />
    </>
  );
}
