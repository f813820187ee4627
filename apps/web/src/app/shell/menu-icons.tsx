import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LoginOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { IconKey } from '../route-table';

export const MENU_ICONS: Record<IconKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  clientCodes: <IdcardOutlined />,
  payments: <CreditCardOutlined />,
  paymentRecord: <HistoryOutlined />,
  contractRequests: <FileTextOutlined />,
  security: <SafetyOutlined />,
  users: <TeamOutlined />,
  permissions: <UnlockOutlined />,
  traces: <AuditOutlined />,
  securityLog: <LoginOutlined />,
  settings: <SettingOutlined />,
  nomenclators: <AppstoreOutlined />,
  offices: <BankOutlined />,
  municipalities: <EnvironmentOutlined />,
  faqs: <QuestionCircleOutlined />,
};

export const SEARCH_ICON = <FileSearchOutlined />;
