import React, { useEffect, useState } from 'react';
import Link from '@docusaurus/Link';
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

/** Reads the remembered state; a missing, unreadable or malformed value gives an empty state. */
function readStored(): Checked {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const checked: Checked = {};
    for (const item of ITEMS) {
      const value = (parsed as Record<string, unknown>)[item.id];
      if (value === true) checked[item.id] = true;
    }
    return checked;
  } catch {
    return {};
  }
}

function writeStored(checked: Checked): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(checked));
  } catch {
    // Storage may be full or blocked; the checklist still works for this visit.
  }
}

/**
 * A go-live checklist of labelled checkboxes, each linking to its settings
 * page. The ticks are remembered in local storage under `go-live-checklist`;
 * they are read after mount, so the server renders every box unticked.
 */
export default function GoLiveChecklist(): React.JSX.Element {
  const [checked, setChecked] = useState<Checked>({});

  useEffect(() => {
    setChecked(readStored());
  }, []);

  const toggle = (id: string, value: boolean): void => {
    setChecked((previous) => {
      const next: Checked = { ...previous, [id]: value };
      writeStored(next);
      return next;
    });
  };

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
