import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { AntdConfig } from './antd-config';

export { OV_THEME } from './antd-config';

/** Ant Design configuration (theme, language) and its App context, for every screen that uses messages. */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <AntdConfig>
      <AntApp>{children}</AntApp>
    </AntdConfig>
  );
}
