import {
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import './tabs.css';

export interface TabItem {
  key: string;
  label: ReactNode;
  children?: ReactNode;
  /** Drawn (hidden) before it is first shown, e.g. form fields that must exist to be validated. */
  forceRender?: boolean;
}

export interface TabsProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onChange'> {
  items: readonly TabItem[];
  /** The shown tab when the parent keeps it (with `onChange`); otherwise the tabs keep their own. */
  activeKey?: string;
  defaultActiveKey?: string;
  onChange?: (key: string) => void;
  /** Removes a panel's content once another tab is shown (by default it stays, hidden). */
  destroyInactiveTabPane?: boolean;
  /** Names the tab list for assistive technology when the page does not say what the tabs are. */
  listLabel?: string;
}

/**
 * WAI-ARIA tabs (tablist, tab, tabpanel) in the look of Ant Design's line tabs: the chosen tab in the
 * theme's primary colour over a 2 px bar. One tab is in the tab order (roving tabindex); the arrow keys,
 * Home and End move between tabs and show the one reached (automatic activation). The list scrolls
 * sideways when the tabs do not fit (phones). A panel is drawn when first shown and then kept.
 */
export function Tabs({
  items,
  activeKey,
  defaultActiveKey,
  onChange,
  destroyInactiveTabPane = false,
  listLabel,
  className,
  ...rest
}: TabsProps) {
  const id = useId();
  const [ownKey, setOwnKey] = useState(defaultActiveKey ?? items[0]?.key);
  const wanted = activeKey ?? ownKey;
  const active = items.some((item) => item.key === wanted) ? wanted : items[0]?.key;
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const tabs = useRef(new Map<string, HTMLButtonElement>());

  const shown = useRef(false);
  useEffect(() => {
    if (active === undefined) return;
    setVisited((seen) => (seen.has(active) ? seen : new Set(seen).add(active)));
    // Keeps the chosen tab in view when the list scrolls sideways; not as the tabs first appear, when
    // it could scroll the page itself to a list below the fold.
    if (shown.current) tabs.current.get(active)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    shown.current = true;
  }, [active]);

  const choose = (key: string) => {
    if (key === active) return;
    if (activeKey === undefined) setOwnKey(key);
    onChange?.(key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === active);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const moves: Record<string, number> = {
      ArrowRight: rtl ? index - 1 : index + 1,
      ArrowLeft: rtl ? index + 1 : index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined || items.length === 0) return;
    event.preventDefault();
    const next = items[(to + items.length) % items.length];
    if (!next) return;
    choose(next.key);
    tabs.current.get(next.key)?.focus();
  };

  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = (key: string) => `${id}-panel-${key}`;

  return (
    <div {...rest} className={`ov-tabs${className ? ` ${className}` : ''}`}>
      <div
        className="ov-tabs__list"
        role="tablist"
        aria-label={listLabel}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const selected = item.key === active;
          return (
            <button
              key={item.key}
              ref={(node) => {
                if (node) tabs.current.set(item.key, node);
                else tabs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              className={`ov-tabs__tab${selected ? ' ov-tabs__tab--active' : ''}`}
              aria-selected={selected}
              aria-controls={panelId(item.key)}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => {
        const selected = item.key === active;
        const drawn =
          selected || (destroyInactiveTabPane ? false : item.forceRender || visited.has(item.key));
        return (
          <div
            key={item.key}
            role="tabpanel"
            id={panelId(item.key)}
            className="ov-tabs__panel"
            aria-labelledby={tabId(item.key)}
            tabIndex={selected ? 0 : -1}
            hidden={!selected}
          >
            {drawn ? item.children : null}
          </div>
        );
      })}
    </div>
  );
}
