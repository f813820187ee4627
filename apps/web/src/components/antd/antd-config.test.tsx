import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrast } from '../../test/contrast';
import { OV_THEME } from './antd-config';

describe('the Ant Design theme', () => {
  const token = theme.getDesignToken(OV_THEME);

  it('keeps white text readable on a primary or danger button under the pointer (it was 4.18:1)', () => {
    for (const background of [token.colorPrimaryHover, token.colorPrimaryActive, token.colorErrorHover]) {
      expect(contrast('#ffffff', background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps links and text buttons readable on white under the pointer', () => {
    for (const text of [token.colorLinkHover, token.colorPrimaryTextHover, token.colorErrorTextHover]) {
      expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
