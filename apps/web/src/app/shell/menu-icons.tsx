import type { ReactNode } from 'react';
import { Icon } from '../../components/icon/icon';
import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LoginOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  UnlockOutlined,
} from '../../components/icon/icon-paths';
import type { IconKey } from '../route-table';

export const MENU_ICONS: Record<IconKey, ReactNode> = {
  dashboard: <Icon drawing={DashboardOutlined} />,
  clientCodes: <Icon drawing={IdcardOutlined} />,
  payments: <Icon drawing={CreditCardOutlined} />,
  paymentRecord: <Icon drawing={HistoryOutlined} />,
  contractRequests: <Icon drawing={FileTextOutlined} />,
  security: <Icon drawing={SafetyOutlined} />,
  users: <Icon drawing={TeamOutlined} />,
  permissions: <Icon drawing={UnlockOutlined} />,
  traces: <Icon drawing={AuditOutlined} />,
  securityLog: <Icon drawing={LoginOutlined} />,
  settings: <Icon drawing={SettingOutlined} />,
  nomenclators: <Icon drawing={AppstoreOutlined} />,
  commercialOffices: <Icon drawing={BankOutlined} />,
  municipalities: <Icon drawing={EnvironmentOutlined} />,
  faqs: <Icon drawing={QuestionCircleOutlined} />,
};
