import React from 'react';
import Link from '@docusaurus/Link';
import { useStorageSlot } from '@docusaurus/theme-common';
import styles from './styles.module.css';

/** The local storage key that remembers the checklist: a JSON object of item id → boolean. */
const STORAGE_KEY = 'go-live-checklist';

type Item = {
  id: string;
  label: string;
  /** The help-centre page of the setting, and the name of that page. */
  to: string;
  page: string;
};

const ITEMS: readonly Item[] = [
  {
    id: 'api-key',
    label: 'An API key is created and kept secret by your developers',
    to: '/help-center/settings/api-keys',
    page: 'API keys',
  },
  {
    id: 'ip-allow-list',
    label: 'The allowed IP addresses of your account are listed',
    to: '/help-center/settings/ips',
    page: 'Allowed IP addresses',
  },
  {
    id: 'whitelisted-addresses',
    label: 'The crypto addresses you withdraw to are whitelisted',
    to: '/help-center/settings/whitelist',
    page: 'Whitelisted addresses',
  },
  {
    id: 'payout-callback',
    label: 'The payout callback URL is set and its signature key is kept secret',
    to: '/help-center/settings/payout-callback',
    page: 'Payout callback',
  },
  {
    id: 'one-time-code',
    label: 'One-time codes are switched on',
    to: '/help-center/settings/security',
    page: 'Security',
  },
  {
    id: 'kyb',
    label: 'KYB verification of your business is done',
    to: '/help-center/kyb',
    page: 'KYB verification',
  },
];

type Checked = Record<string, boolean>;

/** The remembered state; a missing, unreadable or malformed value gives an empty state. */
function parseStored(raw: string | null): Checked {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const checked: Checked = {};
    for (const item of ITEMS) {
      if ((parsed as Record<string, unknown>)[item.id] === true) checked[item.id] = true;
    }
    return checked;
  } catch {
    return {};
  }
}

/**
 * A go-live checklist of labelled checkboxes, each linking to its settings
 * page. The ticks are remembered in local storage under `go-live-checklist`
 * (Docusaurus's storage slot, read with useSyncExternalStore), so the server
 * renders every box unchecked and the browser shows the remembered ticks once hydrated.
 */
export default function GoLiveChecklist(): React.JSX.Element {
  const [raw, slot] = useStorageSlot(STORAGE_KEY);
  const checked = parseStored(raw);
  const toggle = (id: string, value: boolean): void => slot.set(JSON.stringify({ ...checked, [id]: value }));

  const done = ITEMS.filter((item) => checked[item.id]).length;

  return (
    <div className={styles.checklist}>
      <ul className={styles.list}>
        {ITEMS.map((item) => {
          const inputId = `go-live-${item.id}`;
          return (
            <li key={item.id} className={styles.item}>
              <input
                id={inputId}
                type="checkbox"
                className={styles.checkbox}
                checked={checked[item.id] === true}
                onChange={(event) => toggle(item.id, event.target.checked)}
              />
              <label htmlFor={inputId} className={styles.label}>
                {item.label}
              </label>{' '}
              <Link to={item.to} className={styles.link}>
                {item.page}
              </Link>
            </li>
          );
        })}
      </ul>
      <p className={styles.progress} aria-live="polite">
        {done} of {ITEMS.length} done. Your ticks are kept in this browser only.
      </p>
    </div>
  );
}
