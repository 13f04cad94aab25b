// The antd icons the areas draw with <Icon icon={...} /> (definitions only: a few hundred bytes each).
export { default as CopyOutlined } from '@ant-design/icons-svg/es/asn/CopyOutlined';
export { default as DollarOutlined } from '@ant-design/icons-svg/es/asn/DollarOutlined';
export { default as DownloadOutlined } from '@ant-design/icons-svg/es/asn/DownloadOutlined';
export { default as EditOutlined } from '@ant-design/icons-svg/es/asn/EditOutlined';
export { default as FilterOutlined } from '@ant-design/icons-svg/es/asn/FilterOutlined';
export { default as PlayCircleOutlined } from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
export { default as PlusOutlined } from '@ant-design/icons-svg/es/asn/PlusOutlined';
export { default as RiseOutlined } from '@ant-design/icons-svg/es/asn/RiseOutlined';
export { default as SettingOutlined } from '@ant-design/icons-svg/es/asn/SettingOutlined';
export { default as SwapOutlined } from '@ant-design/icons-svg/es/asn/SwapOutlined';
export { default as WalletOutlined } from '@ant-design/icons-svg/es/asn/WalletOutlined';
