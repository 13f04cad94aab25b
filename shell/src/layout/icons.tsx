import {
  AuditOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  RocketOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** A mine (the game's bomb), drawn: antd has no such icon. */
export function MineIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden>
      <circle cx="11" cy="13" r="7" />
      <path
        d="M15.5 6.5 17 5m0 0 1.5-1.5M17 5l2 2M17 5l-2-2"
        stroke="currentColor"
        strokeWidth="1.6"
        fill="none"
      />
      <circle cx="8.5" cy="10.5" r="1.6" fill="#fff" opacity=".7" />
    </svg>
  );
}

/** Icons the registry may name for its sidebar entries (unknown names fall back to a dot). */
export const menuIcons: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  users: <TeamOutlined />,
  transactions: <SwapOutlined />,
  support: <CustomerServiceOutlined />,
  maintenance: <ToolOutlined />,
  lottery: <TrophyOutlined />,
  mines: <MineIcon />,
  withdrawals: <WalletOutlined />,
  audit: <AuditOutlined />,
  admins: <SafetyCertificateOutlined />,
  settings: <SettingOutlined />,
  releases: <RocketOutlined />,
};

export function MenuIcon({ name }: { name?: string | undefined }) {
  return (
    <span className="shell-menu-icon" aria-hidden>
      {(name && menuIcons[name]) ?? <span className="shell-menu-icon__dot" />}
    </span>
  );
}
