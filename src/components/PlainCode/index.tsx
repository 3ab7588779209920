import React from 'react';
import styles from './styles.module.css';

/** Code as plain text, for code that is not on screen yet (a hidden tab, a closed example). */
export default function PlainCode({ language, code }: { language: string; code: string }): React.JSX.Element {
  return (
    <pre className={`${styles.plain} language-${language}`}>
      <code className={`language-${language}`}>{code}</code>
    </pre>
  );
}
